// The CMS inside a sealed PDF (decisions §14, ETSI EN 319 122-1 baseline as PAdES uses it): detached
// SignedData over the PDF's byte range with content-type, message-digest and signing-certificate-v2
// as signed attributes (no signing-time: PAdES puts the time in the signature dictionary) and, when
// the TSA answers, the signature-time-stamp as an unsigned attribute (level B-T).
import { createHash, sign, verify, X509Certificate, type KeyObject } from "node:crypto";
import * as asn1js from "asn1js";
import {
  AlgorithmIdentifier,
  Attribute,
  Certificate,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
} from "pkijs";
import { signingCertificateV2 } from "@/lib/timestamping/sign-timestamp-token";
import { certificateOf, OID, preEncoded, toBuffer, tokenBytes } from "@/lib/timestamping/tsa-asn1";
import { SealError, type SealKey } from "@/lib/sealing/seal-types";

const ID_DATA = "1.2.840.113549.1.7.1";
export const ID_SIGNATURE_TIME_STAMP = "1.2.840.113549.1.9.16.2.14";
const SIGNATURE_OIDS = { ec: OID.ecdsaWithSha256, rsa: "1.2.840.113549.1.1.11" } as const;

/** A TimeStampResp (DER) for a SHA-256 digest, or null when the TSA cannot be reached. */
export type SignatureTimestamper = (sha256Hex: string) => Promise<Buffer | null>;

export function signatureAlgorithm(key: KeyObject): string {
  const type = key.asymmetricKeyType;
  if (type !== "ec" && type !== "rsa") throw new Error(`the seal key is ${type}; only EC and RSA keys can seal`);
  return SIGNATURE_OIDS[type];
}

/** DER sorts a SET OF by encoding; verifiers re-encode the signed attributes before checking. */
function sortedSet(attributes: Attribute[]): { attributes: Attribute[]; der: Buffer } {
  const sorted = attributes
    .map((attribute) => ({ attribute, der: toBuffer(attribute.toSchema().toBER()) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ attribute }) => attribute);
  return { attributes: sorted, der: toBuffer(new asn1js.Set({ value: sorted.map((a) => a.toSchema()) }).toBER()) };
}

/** Seal keys already checked against their certificate (the check needs a signature verification). */
const matched = new WeakMap<KeyObject, Buffer>();

export async function cadesSignature(
  content: Buffer,
  seal: SealKey,
  timestamp: SignatureTimestamper | null,
): Promise<{ der: Buffer; token: Uint8Array | null }> {
  const [sealDer] = seal.chain;
  if (!sealDer) throw new Error("the seal has no certificate");
  const certificate = certificateOf(sealDer);
  const sha256 = () => new AlgorithmIdentifier({ algorithmId: OID.sha256 });
  const signed = sortedSet([
    new Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: ID_DATA })] }),
    new Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: createHash("sha256").update(content).digest() })] }),
    new Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(certificate, sealDer)] }),
  ]);
  const signatureValue = sign("sha256", signed.der, seal.key);
  // A key that does not belong to the certificate would make a seal every reader rejects.
  if (!matched.get(seal.key)?.equals(sealDer)) {
    if (!verify("sha256", signed.der, new X509Certificate(sealDer).publicKey, signatureValue)) {
      throw new SealError("Mühür anahtarı mühür sertifikasıyla eşleşmiyor.");
    }
    matched.set(seal.key, sealDer);
  }

  const response = timestamp ? await timestamp(createHash("sha256").update(signatureValue).digest("hex")) : null;
  const token = response ? tokenBytes(response) : null;
  const signerInfo = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
    digestAlgorithm: sha256(),
    signedAttrs: new SignedAndUnsignedAttributes({ type: 0, attributes: signed.attributes }),
    signatureAlgorithm: new AlgorithmIdentifier({
      algorithmId: signatureAlgorithm(seal.key),
      // RFC 4055: sha256WithRSAEncryption carries NULL parameters; ECDSA identifiers carry none.
      ...(seal.key.asymmetricKeyType === "rsa" ? { algorithmParams: new asn1js.Null() } : {}),
    }),
    signature: new asn1js.OctetString({ valueHex: signatureValue }),
    ...(token
      ? { unsignedAttrs: new SignedAndUnsignedAttributes({ type: 1, attributes: [new Attribute({ type: ID_SIGNATURE_TIME_STAMP, values: [preEncoded(token)] })] }) }
      : {}),
  });
  const signedData = new SignedData({
    version: 1,
    digestAlgorithms: [sha256()],
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: ID_DATA }),
    certificates: seal.chain.map((der) => preEncoded<Certificate>(der)),
    signerInfos: [signerInfo],
  });
  const der = toBuffer(new ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) }).toSchema().toBER());
  return { der, token };
}
