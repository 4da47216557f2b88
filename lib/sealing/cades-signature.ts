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
const ID_SIGNATURE_TIME_STAMP = "1.2.840.113549.1.9.16.2.14";
const SIGNATURE_OIDS = { ec: OID.ecdsaWithSha256, rsa: "1.2.840.113549.1.1.11" } as const;

/** A TimeStampResp (DER) for a SHA-256 digest, or null when the TSA cannot be reached. */
export type SignatureTimestamper = (sha256Hex: string) => Promise<Buffer | null>;

export function signatureAlgorithm(key: KeyObject | "rsa" | "ec"): string {
  const type = typeof key === "string" ? key : key.asymmetricKeyType;
  if (type !== "ec" && type !== "rsa") throw new Error(`the seal key is ${type}; only EC and RSA keys can seal`);
  return SIGNATURE_OIDS[type];
}

function keyTypeOf(seal: SealKey): "rsa" | "ec" {
  if (seal.token) return seal.token.keyType;
  if (!seal.key) throw new Error("the seal has no key");
  const type = seal.key.asymmetricKeyType;
  if (type !== "ec" && type !== "rsa") throw new Error(`the seal key is ${type}; only EC and RSA keys can seal`);
  return type;
}

/** The signature over the DER signed attributes, by the key in this process or on its token. */
async function signatureOver(data: Buffer, seal: SealKey): Promise<Buffer> {
  if (seal.token) return seal.token.sign(data);
  return sign("sha256", data, seal.key!);
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
const matched = new WeakMap<object, Buffer>();

/**
 * The signed attributes of a signature over a byte range whose SHA-256 is `contentDigest`, by the
 * certificate `signerDer`: the seal's, or a physician's qualified one (decisions §24), the same three.
 */
export function signedAttributes(contentDigest: Buffer, sealDer: Buffer) {
  return sortedSet([
    new Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: ID_DATA })] }),
    new Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: contentDigest })] }),
    new Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(certificateOf(sealDer), sealDer)] }),
  ]);
}

/** The ContentInfo around a signature value, its signed attributes and, when had, the signature-time-stamp. */
export function assemble(chain: Buffer[], keyType: "rsa" | "ec", attributes: Attribute[], signatureValue: Uint8Array, token: Uint8Array | null): Buffer {
  const certificate = certificateOf(chain[0]!);
  const sha256 = () => new AlgorithmIdentifier({ algorithmId: OID.sha256 });
  const signerInfo = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
    digestAlgorithm: sha256(),
    signedAttrs: new SignedAndUnsignedAttributes({ type: 0, attributes }),
    signatureAlgorithm: new AlgorithmIdentifier({
      algorithmId: signatureAlgorithm(keyType),
      // RFC 4055: sha256WithRSAEncryption carries NULL parameters; ECDSA identifiers carry none.
      ...(keyType === "rsa" ? { algorithmParams: new asn1js.Null() } : {}),
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
    certificates: chain.map((der) => preEncoded<Certificate>(der)),
    signerInfos: [signerInfo],
  });
  return toBuffer(new ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) }).toSchema().toBER());
}

/**
 * The size of this seal's CMS without its signature-time-stamp, built as the real one is, with a
 * signature value of `signatureBytes` (the largest the key makes): what the placeholder must hold
 * besides the token (signature-size.ts).
 */
export function measureCms(chain: Buffer[], keyType: "rsa" | "ec", signatureBytes: number): number {
  return assemble(chain, keyType, signedAttributes(Buffer.alloc(32), chain[0]!).attributes, Buffer.alloc(signatureBytes, 0xff), null).length;
}

export async function cadesSignature(
  content: Buffer,
  seal: SealKey,
  timestamp: SignatureTimestamper | null,
): Promise<{ der: Buffer; token: Uint8Array | null }> {
  const [sealDer] = seal.chain;
  if (!sealDer) throw new Error("the seal has no certificate");
  const signed = signedAttributes(createHash("sha256").update(content).digest(), sealDer);
  const keyType = keyTypeOf(seal);
  const signatureValue = await signatureOver(signed.der, seal);
  // A key that does not belong to the certificate would make a seal every reader rejects.
  const holder: object = seal.token ?? seal.key!;
  if (!matched.get(holder)?.equals(sealDer)) {
    if (!verify("sha256", signed.der, new X509Certificate(sealDer).publicKey, signatureValue)) {
      throw new SealError("Mühür anahtarı mühür sertifikasıyla eşleşmiyor.");
    }
    matched.set(holder, sealDer);
  }

  const response = timestamp ? await timestamp(createHash("sha256").update(signatureValue).digest("hex")) : null;
  const token = response ? tokenBytes(response) : null;
  return { der: assemble(seal.chain, keyType, signed.attributes, signatureValue, token), token };
}
