// How a certificate is named to people: its subject most specific first, or its common name.
import { X509Certificate } from "node:crypto";

/** "CN=…, O=…, C=TR": the subject as people write it, most specific first. */
export function subjectOf(der: Buffer): string {
  return new X509Certificate(der).subject.split("\n").reverse().join(", ");
}

export function commonNameOf(der: Buffer): string {
  const cn = new X509Certificate(der).subject.split("\n").find((l) => l.startsWith("CN="));
  return cn ? cn.slice(3) : subjectOf(der);
}
