// Wraps a TSTInfo in CMS SignedData (RFC 3161 §2.4.1, RFC 5816): the TimeStampToken of the built-in TSA.
import { createHash, sign } from "node:crypto";
import * as asn1js from "asn1js";
import {
  AlgorithmIdentifier,
  Attribute,
  Certificate,
  ContentInfo,
  EncapsulatedContentInfo,
  GeneralName,
  IssuerAndSerialNumber,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
} from "pkijs";
import type { AuthorityMaterial } from "@/lib/timestamping/authority-material";
import { certificateOf, OID, preEncoded, toBuffer } from "@/lib/timestamping/tsa-asn1";

interface TokenOptions {
  signingTime: Date;
  /** the request's certReq: RFC 3161 forbids certificates in the token when it was false */
  includeCertificates: boolean;
}

/** SigningCertificateV2 with one ESSCertIDv2: the SHA-256 of our certificate and its issuer/serial. */
export function signingCertificateV2(signer: Certificate, signerDer: Buffer): asn1js.Sequence {
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      // hashAlgorithm omitted: its DEFAULT is SHA-256, and DER leaves defaults out.
      new asn1js.OctetString({ valueHex: createHash("sha256").update(signerDer).digest() }),
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({ value: [new GeneralName({ type: 4, value: signer.issuer }).toSchema()] }),
          signer.serialNumber,
        ],
      }),
    ],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

export function signTimestampToken(tstInfoDer: Buffer, material: AuthorityMaterial, options: TokenOptions): ContentInfo {
  const signer = certificateOf(material.signerCertDer);
  const sha256 = () => new AlgorithmIdentifier({ algorithmId: OID.sha256 });

  const attributes = [
    new Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
    new Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: options.signingTime })] }),
    new Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: createHash("sha256").update(tstInfoDer).digest() })],
    }),
    new Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(signer, material.signerCertDer)] }),
  ];
  // DER sorts a SET OF by encoding. Verifiers such as OpenSSL re-encode the attributes before checking
  // the signature, so an unsorted set would fail there even though it verifies here.
  const sorted = attributes
    .map((attribute) => ({ attribute, der: toBuffer(attribute.toSchema().toBER()) }))
    .sort((a, b) => Buffer.compare(a.der, b.der));
  const signedAttrsDer = toBuffer(
    new asn1js.Set({ value: sorted.map(({ attribute }) => attribute.toSchema()) }).toBER(),
  );

  const signerInfo = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
    digestAlgorithm: sha256(),
    signedAttrs: new SignedAndUnsignedAttributes({ type: 0, attributes: sorted.map(({ attribute }) => attribute) }),
    signatureAlgorithm: new AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 }),
    signature: new asn1js.OctetString({ valueHex: sign("sha256", signedAttrsDer, material.signerKey) }),
  });

  const signedData = new SignedData({
    version: 3,
    digestAlgorithms: [sha256()],
    encapContentInfo: new EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: tstInfoDer }),
    }),
    signerInfos: [signerInfo],
    ...(options.includeCertificates
      ? { certificates: [material.signerCertDer, material.rootCertDer].map((der) => preEncoded<Certificate>(der)) }
      : {}),
  });
  return new ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
}
