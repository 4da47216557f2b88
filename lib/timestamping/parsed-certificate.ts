// A certificate seen two ways: pkijs for its fields and extensions, Node's X509Certificate for signatures.
import { X509Certificate } from "node:crypto";
import { Certificate } from "pkijs";
import { derSource, toBuffer } from "@/lib/timestamping/tsa-asn1";

export interface ParsedCertificate {
  der: Buffer;
  cert: Certificate;
  x509: X509Certificate;
}

/** Throws on bytes that are not one X.509 certificate. */
export function parseCertificate(source: Buffer | Certificate): ParsedCertificate {
  const cert = source instanceof Certificate ? source : Certificate.fromBER(derSource(source));
  // Re-encoding keeps the signed TBS bytes as received, so for a DER certificate this is the original.
  const der = source instanceof Certificate ? toBuffer(source.toSchema().toBER()) : source;
  return { der, cert, x509: new X509Certificate(der) };
}

/** Whether the certificate was valid at that moment (RFC 3161 tokens are judged at their genTime). */
export function validAt(c: ParsedCertificate, at: Date): boolean {
  return c.cert.notBefore.value.getTime() <= at.getTime() && at.getTime() <= c.cert.notAfter.value.getTime();
}
