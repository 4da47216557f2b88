// Decisions §24 rule 3: a signature's or time-stamp's chain must end at a trust anchor given to the
// verifier — a certificate from --trust, or one the service's signed trust statement pins for that
// role — never at a certificate the file carries. The chain is built from the file's certificates by
// name and signature (RFC 5280 §6), then checked at the time that matters: each certificate valid
// then, each issuer a CA allowed to sign certificates, the signer's key allowed for its role.
import { EKU, hasUsage, issuedBy, KEY_USAGE, validAt, type CertInfo } from "@/lib/verifier/certificates";

export type Role = "seal" | "physician" | "timestamp" | "document-timestamp";

export interface TrustAnchors {
  /** --trust: any role */
  certificates: CertInfo[];
  /** the trust statement: certificate SHA-256 → the role the service used it in */
  pinned: Map<string, "seal" | "tsa">;
  /** decisions §24: anchors for physicians' signatures only (the service's QUALIFIED_TRUST_ANCHORS) */
  physicians?: CertInfo[];
}

/** Whether `c` is an anchor given for `role`: --trust for any role, a qualified anchor for a physician's. */
export function isGivenAnchor(c: CertInfo, anchors: TrustAnchors, role: Role): boolean {
  return anchors.certificates.some((a) => a.sha256 === c.sha256) || (role === "physician" && (anchors.physicians ?? []).some((a) => a.sha256 === c.sha256));
}

interface TrustPath {
  /** leaf first, as far as issuers could be found */
  chain: CertInfo[];
  /** index in `chain` of the anchor, or -1 */
  anchorAt: number;
  /** how the anchor was given, for the report */
  anchor: string | null;
  /** the first reason the chain does not hold, or null */
  problem: string | null;
}

const MAX_CHAIN = 8;

function pinnedFor(role: Role): "seal" | "tsa" | null {
  return role === "seal" ? "seal" : role === "timestamp" || role === "document-timestamp" ? "tsa" : null;
}

function leafProblem(leaf: CertInfo, role: Role): string | null {
  if (role === "timestamp" || role === "document-timestamp") {
    return leaf.extKeyUsage.includes(EKU.timeStamping) ? null : `"${leaf.name}" is not a time-stamping certificate (no id-kp-timeStamping)`;
  }
  if (role === "physician") return hasUsage(leaf, KEY_USAGE.nonRepudiation) ? null : `"${leaf.name}" is not allowed for signatures (no nonRepudiation)`;
  return hasUsage(leaf, KEY_USAGE.digitalSignature) || hasUsage(leaf, KEY_USAGE.nonRepudiation) ? null : `"${leaf.name}" is not allowed for signatures (key usage)`;
}

export function trustPath(leaf: CertInfo, pool: CertInfo[], anchors: TrustAnchors, role: Role, at: Date): TrustPath {
  const chain = [leaf];
  for (let current = leaf; chain.length < MAX_CHAIN && !current.selfSigned; ) {
    const issuer = [...anchors.certificates, ...(role === "physician" ? (anchors.physicians ?? []) : []), ...pool].find((c) => c.sha256 !== current.sha256 && issuedBy(current, c));
    if (!issuer || chain.some((c) => c.sha256 === issuer.sha256)) break;
    chain.push(issuer);
    current = issuer;
  }
  const wanted = pinnedFor(role);
  const anchorAt = chain.findIndex((c) => (wanted !== null && anchors.pinned.get(c.sha256) === wanted) || isGivenAnchor(c, anchors, role));
  const top = chain.at(-1)!;
  if (anchorAt < 0) {
    const where = top.selfSigned ? `"${top.subject}", a certificate the file carries` : `"${top.subject}", whose issuer "${top.x509.issuer.split("\n").reverse().join(", ")}" is nowhere to be found`;
    return { chain, anchorAt, anchor: null, problem: `the chain of "${leaf.name}" ends at ${where}, not at a trust anchor` };
  }
  const anchorCert = chain[anchorAt]!;
  const anchor = anchors.certificates.some((a) => a.sha256 === anchorCert.sha256)
    ? `--trust "${anchorCert.name}"`
    : isGivenAnchor(anchorCert, anchors, role)
      ? `a qualified trust anchor "${anchorCert.name}"`
      : `the service's trust statement (${wanted})`;
  const problem =
    leafProblem(leaf, role) ??
    chain
      .slice(0, anchorAt + 1)
      .map((c, i) => {
        if (!validAt(c, at)) return `"${c.name}" was not valid at ${at.toISOString()} (${c.notBefore.toISOString()} – ${c.notAfter.toISOString()})`;
        if (i > 0 && (!c.isCa || !hasUsage(c, KEY_USAGE.keyCertSign))) return `"${c.name}" issued "${chain[i - 1]!.name}" but is not a certificate authority`;
        return null;
      })
      .find((p) => p !== null) ??
    null;
  return { chain, anchorAt, anchor, problem };
}
