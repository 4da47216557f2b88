// How many bytes a signature's /Contents reserves (decisions §24): any seal chain of up to four
// RSA-4096 certificates plus a time-stamp token with its own chain must fit. Measured rather than
// guessed: the seal's CMS is built once as the real one will be (its chain, its signed attributes, a
// signature of the largest size its key makes), and the token is allowed what this process has seen
// the TSA hand out. The placeholder is written before the signature exists and cannot grow
// afterwards; a token larger than allowed is noticed when the CMS is placed, and the document is
// prepared once more with room for it (produce-sealed-pdf.ts).
import { createHash, X509Certificate } from "node:crypto";
import { measureCms } from "@/lib/sealing/cades-signature";

/** Before the TSA has answered once: a token carrying a chain of four RSA-4096 certificates fits. */
const DEFAULT_TOKEN_ALLOWANCE = 12_288;
/** What varies from one signature to the next: a longer serial or nonce, DER length bytes, the attribute's headers. */
export const SIZE_MARGIN = 512;

let largestToken = 0;

/** A token the TSA handed out: later placeholders make room for one as large. */
export function rememberTokenSize(bytes: number): void {
  largestToken = Math.max(largestToken, bytes);
}

/** Bytes to reserve for a time-stamp token (the signature's unsigned attribute, or a document time-stamp's /Contents). */
export function tokenAllowance(): number {
  return largestToken > 0 ? largestToken + SIZE_MARGIN : DEFAULT_TOKEN_ALLOWANCE;
}

/** The key type and the largest signature (DER) the seal certificate's key makes. */
function signatureShape(sealDer: Buffer): { keyType: "rsa" | "ec"; maxBytes: number } {
  const key = new X509Certificate(sealDer).publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === "rsa") return { keyType: "rsa", maxBytes: Math.ceil((details.modulusLength ?? 4096) / 8) };
  if (key.asymmetricKeyType === "ec") {
    const bits = { prime256v1: 256, "P-256": 256, secp384r1: 384, "P-384": 384, secp521r1: 521, "P-521": 521 }[details.namedCurve ?? ""] ?? 521;
    const coordinate = Math.ceil(bits / 8);
    // SEQUENCE { INTEGER r, INTEGER s }, each with a possible sign byte.
    return { keyType: "ec", maxBytes: 2 * (coordinate + 1 + 3) + 3 };
  }
  throw new Error(`the seal key is ${key.asymmetricKeyType}; only EC and RSA keys can seal`);
}

const measured = new Map<string, number>();

/** The /Contents bytes for this seal's CMS with a signature-time-stamp of up to `token` bytes. */
export function signatureReserve(chain: Buffer[], token = tokenAllowance()): number {
  const id = chain.reduce((h, d) => h.update(d), createHash("sha256")).digest("hex");
  let cms = measured.get(id);
  if (cms === undefined) {
    const { keyType, maxBytes } = signatureShape(chain[0]!);
    cms = measureCms(chain, keyType, maxBytes);
    if (measured.size >= 16) measured.clear();
    measured.set(id, cms);
  }
  return cms + token + SIZE_MARGIN;
}
