// decisions §24: the physician's qualified PAdES signature, made in two steps so that any e-imza
// library (a card's PKCS#11 module, a remote signing service) can make it. Prepare: the byte range of
// the signature field reserved in the rendered document is fixed and hashed, and the CMS signed
// attributes over it (content-type, message-digest, signing-certificate-v2: the seal's own, from
// cades-signature.ts) are what the card signs. Finish: the signature value is checked against the
// certificate and the CMS (ETSI.CAdES.detached) is written into the reserved /Contents.
import { createHash, verify, X509Certificate } from "node:crypto";
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { assemble, signedAttributes } from "@/lib/sealing/cades-signature";
import { signatureReserve } from "@/lib/sealing/signature-size";
import { ecdsaSigValue } from "@/lib/sealing/ecdsa-sig-value";

/** Captures the bytes of the byte range and leaves the /Contents empty (zeros) for the value to come. */
class RangeCapture extends Signer {
  content: Buffer | null = null;
  override async sign(content: Buffer): Promise<Buffer> {
    this.content = content;
    return Buffer.alloc(0);
  }
}

export function keyTypeOf(certificate: Buffer): "rsa" | "ec" {
  const type = new X509Certificate(certificate).publicKey.asymmetricKeyType;
  if (type !== "rsa" && type !== "ec") throw new Error(`a ${type} key cannot make a PAdES signature here; RSA or ECDSA`);
  return type;
}

/** The /Contents bytes to reserve for a physician's CMS with this chain (no time-stamp token in it). */
export function qualifiedSignatureReserve(chain: Buffer[]): number {
  return signatureReserve(chain, 0);
}

/**
 * The prepared document with its byte range fixed, and the DER signed attributes (a SET) to sign:
 * their messageDigest is the SHA-256 of the byte range.
 */
export async function fixByteRange(prepared: Uint8Array, certificate: Buffer): Promise<{ pdf: Buffer; signedAttributes: Buffer }> {
  const capture = new RangeCapture();
  const pdf = await new SignPdf().sign(Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength), capture);
  if (!capture.content) throw new Error("the prepared document has no signature to reserve");
  const digest = createHash("sha256").update(capture.content).digest();
  return { pdf, signedAttributes: signedAttributes(digest, certificate).der };
}

/** The byte range of the file's only (first) signature, and where its /Contents' hex digits are. */
function reserved(pdf: Buffer): { range: [number, number, number, number]; hexStart: number; hexLength: number } {
  const at = pdf.indexOf("/ByteRange [");
  const m = at < 0 ? null : /^\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.subarray(at, at + 80).toString("latin1"));
  if (!m) throw new Error("the prepared document has no byte range");
  const range = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number];
  return { range, hexStart: range[1] + 1, hexLength: range[2] - range[1] - 2 };
}

/**
 * The signature value as the CMS carries it, when `signatureValue` is the certificate's key's signature
 * (SHA-256) over the DER signed attributes; null when it is not. An ECDSA value may come DER-encoded (a
 * card's CSP, openssl) or as the raw r ‖ s that PKCS#11's CKM_ECDSA and WebCrypto return: the CMS gets DER.
 */
export function signatureValueFor(certificate: Buffer, signedAttributesDer: Buffer, signatureValue: Buffer): Buffer | null {
  try {
    const key = new X509Certificate(certificate).publicKey;
    if (verify("sha256", signedAttributesDer, key, signatureValue)) return signatureValue;
    if (key.asymmetricKeyType !== "ec" || !verify("sha256", signedAttributesDer, { key, dsaEncoding: "ieee-p1363" }, signatureValue)) return null;
    return ecdsaSigValue(signatureValue);
  } catch {
    return null;
  }
}

/**
 * The prepared file with the physician's CMS in its reserved /Contents: the signed attributes rebuilt
 * from the byte range (the same bytes the card signed, `signedAttributesDer`), the certificates
 * `chain` (the physician's first).
 */
export function placeQualifiedSignature(prepared: Buffer, chain: Buffer[], signedAttributesDer: Buffer, signatureValue: Buffer): Buffer {
  const { range, hexStart, hexLength } = reserved(prepared);
  const content = Buffer.concat([prepared.subarray(range[0], range[0] + range[1]), prepared.subarray(range[2], range[2] + range[3])]);
  const attributes = signedAttributes(createHash("sha256").update(content).digest(), chain[0]!);
  // The document is the one prepared: its byte range still hashes to what was signed.
  if (!attributes.der.equals(signedAttributesDer)) throw new Error("the prepared document does not match its signed attributes");
  const cms = assemble(chain, keyTypeOf(chain[0]!), attributes.attributes, signatureValue, null);
  const hex = cms.toString("hex");
  if (hex.length > hexLength) throw new Error(`the signature needs ${cms.length} bytes, more than were reserved`);
  const out = Buffer.from(prepared);
  out.write(hex.padEnd(hexLength, "0"), hexStart, "latin1");
  return out;
}
