// The validation data of the chains a document's signatures rest on (decisions §24: the seal's and
// both time-stamps'): for every certificate below a self-signed root, the evidence of its status
// (certificate-status.ts). `complete` only when every one of them has it: what level B-LT means.
import { X509Certificate } from "node:crypto";
import { logger } from "@/lib/log";
import { certificateStatus, RevokedCertificateError, type StatusOptions } from "@/lib/sealing/certificate-status";
import { chainFrom } from "@/lib/sealing/chain-from";
import { certificateOf, embeddedCertificates } from "@/lib/timestamping/tsa-asn1";

const KP_TIME_STAMPING = "1.3.6.1.5.5.7.3.8";

export interface ValidationData {
  certificates: Buffer[];
  ocsps: Buffer[];
  crls: Buffer[];
}

export interface ChainValidation extends ValidationData {
  /** every certificate of every chain below its root has status evidence */
  complete: boolean;
}

export type ValidationSource = (chains: Buffer[][]) => Promise<ChainValidation>;

/** Whether a certificate names itself as its issuer, by the DER of both names (no X.509 parse: this runs for every seal). */
function selfIssued(der: Buffer): boolean {
  const cert = certificateOf(der);
  return Buffer.from(cert.issuer.toSchema().toBER()).equals(Buffer.from(cert.subject.toSchema().toBER()));
}

export function uniqueDers(ders: Buffer[]): Buffer[] {
  return ders.filter((d, i) => ders.findIndex((o) => o.equals(d)) === i);
}

/** The chain of the TSA that signed `token`: its signer certificate (id-kp-timeStamping), then issuers from the token and `known`. */
export function tsaChainOf(token: Uint8Array, known: Buffer[]): Buffer[] {
  const pool = uniqueDers([...embeddedCertificates(token), ...known]).map((d) => new X509Certificate(d));
  const signer = pool.find((c) => (c.keyUsage ?? []).includes(KP_TIME_STAMPING));
  return signer ? chainFrom(signer, pool) : [];
}

export async function collectValidationData(chains: Buffer[][], o: StatusOptions): Promise<ChainValidation> {
  const out: ChainValidation = { certificates: [], ocsps: [], crls: [], complete: true };
  const pairs: [Buffer, Buffer][] = [];
  for (const chain of chains) {
    if (chain.length === 0) out.complete = false;
    out.certificates.push(...chain);
    chain.forEach((cert, i) => {
      const issuer = chain[i + 1];
      if (issuer) pairs.push([cert, issuer]);
      // The chain must end at a root for every certificate in it to have been asked about.
      else if (!selfIssued(cert)) out.complete = false;
    });
  }
  const distinct = pairs.filter(([c], i) => pairs.findIndex(([d]) => d.equals(c)) === i);
  const evidence = await Promise.all(
    distinct.map(async ([cert, issuer]) => {
      try {
        return await certificateStatus(cert, issuer, o);
      } catch (err) {
        if (err instanceof RevokedCertificateError) throw err;
        logger().warn({ err: err instanceof Error ? err.message : String(err), subject: new X509Certificate(cert).subject }, "no revocation data for a certificate");
        return null;
      }
    }),
  );
  for (const e of evidence) {
    if (!e) {
      out.complete = false;
      continue;
    }
    (e.kind === "ocsp" ? out.ocsps : out.crls).push(e.der);
    out.certificates.push(...e.certificates);
  }
  return { certificates: uniqueDers(out.certificates), ocsps: uniqueDers(out.ocsps), crls: uniqueDers(out.crls), complete: out.complete };
}
