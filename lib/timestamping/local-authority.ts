// The built-in test TSA (TSA_DRIVER=local): real RFC 3161 tokens from a self-signed chain, with no legal standing.
import { now } from "@/lib/clock";
import type { AuthorityMaterial } from "@/lib/timestamping/authority-material";
import { issueTimestamp, type IssuedTimestamp } from "@/lib/timestamping/issue-timestamp";
import { loadOrCreateAuthorityMaterial } from "@/lib/timestamping/load-authority-material";
import { derToPem } from "@/lib/timestamping/pem";

export interface LocalAuthority {
  /** the signer certificate, then the root: what `openssl ts -verify -CAfile` needs */
  certificateChainPem(): string;
  /** DER of the certificate its tokens are signed with */
  readonly signerCertDer: Buffer;
  rootPem(): string;
  /** a DER TimeStampResp for a DER TimeStampReq; malformed requests get a rejection, not an error */
  issue(requestDer: Buffer): Promise<Buffer>;
  /** the same, with what was granted: for callers in this process, which need not parse the answer again */
  stamp(requestDer: Buffer): IssuedTimestamp;
}

export function createLocalAuthority(material: AuthorityMaterial): LocalAuthority {
  return {
    certificateChainPem: () => derToPem(material.signerCertDer) + derToPem(material.rootCertDer),
    rootPem: () => derToPem(material.rootCertDer),
    signerCertDer: material.signerCertDer,
    issue: async (requestDer) => issueTimestamp(requestDer, material, now()).der,
    stamp: (requestDer) => issueTimestamp(requestDer, material, now()),
  };
}

// On globalThis: route bundles and instrumentation are separate module graphs in one process and
// should not each load (or race to create) the material.
const holder = globalThis as typeof globalThis & { __eonamLocalTsa?: Promise<LocalAuthority> };

/** The authority of this service, loaded from (or created once in) the database on first use. */
export function getLocalAuthority(): Promise<LocalAuthority> {
  holder.__eonamLocalTsa ??= loadOrCreateAuthorityMaterial().then(createLocalAuthority, (err: unknown) => {
    // Not cached: a database that was briefly unavailable should not disable timestamping until restart.
    holder.__eonamLocalTsa = undefined;
    throw err;
  });
  return holder.__eonamLocalTsa;
}
