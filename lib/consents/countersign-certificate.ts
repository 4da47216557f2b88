// decisions §24: the physician's qualified certificate as the consent keeps it — subject, issuer,
// serial and SHA-256 for the consent object, the events and the PDF, and the chain to its anchor for
// the DSS — stored encrypted (a Turkish NES subject carries the physician's national id).
import { createHash, X509Certificate } from "node:crypto";
import { decrypt, encrypt } from "@/lib/encryption";

export interface CertificateSummary {
  subject: string;
  issuer: string;
  /** upper-case hex, as certificate providers print it */
  serial: string;
  /** lower-case hex SHA-256 of the DER */
  sha256: string;
}

interface Kept extends CertificateSummary {
  /** base64 DER, the physician's first, through the trust anchor */
  chain: string[];
}

const named = (dn: string) => dn.split("\n").reverse().join(", ");

export function summarizeCertificate(der: Buffer): CertificateSummary {
  const c = new X509Certificate(der);
  return { subject: named(c.subject), issuer: named(c.issuer), serial: c.serialNumber.toUpperCase(), sha256: createHash("sha256").update(der).digest("hex") };
}

/** The encrypted column's value for a certificate and its chain (`path`: the certificate first). */
export function keepCertificate(path: Buffer[]): string {
  const kept: Kept = { ...summarizeCertificate(path[0]!), chain: path.map((d) => d.toString("base64")) };
  return encrypt(JSON.stringify(kept));
}

function read(stored: string | null): Kept | null {
  if (!stored) return null;
  return JSON.parse(decrypt(stored)) as Kept;
}

export function certificateSummary(stored: string | null): CertificateSummary | null {
  const k = read(stored);
  return k && { subject: k.subject, issuer: k.issuer, serial: k.serial, sha256: k.sha256 };
}

export function certificateChain(stored: string | null): Buffer[] {
  return read(stored)?.chain.map((b) => Buffer.from(b, "base64")) ?? [];
}
