// A certificate and its issuers, in order, from the certificates at hand (a PKCS#12 file, a token, a
// time-stamp token and the TSA's configured roots): each next one is the issuer whose key verifies
// the one before. Stops at a self-signed certificate or where no issuer is at hand.
import { X509Certificate } from "node:crypto";

export function chainFrom(leaf: X509Certificate, pool: X509Certificate[]): Buffer[] {
  const chain = [leaf];
  for (let current = leaf; chain.length <= pool.length && current.issuer !== current.subject; ) {
    const issuer = pool.find((c) => !chain.some((d) => d.raw.equals(c.raw)) && current.checkIssued(c) && current.verify(c.publicKey));
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain.map((c) => c.raw);
}
