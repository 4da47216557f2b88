// A certificate's status as a validator will want it in the Document Security Store (decisions §24):
// an OCSP response from the responder its AIA names (RFC 6960), else the CRL of its CRL distribution
// point, else — for the built-in authority — its own CRL. Answers are checked before they are
// believed, kept until their nextUpdate (RFC 5019; in memory and in revocation_cache, so every
// instance shares them), and a responder that failed is left alone for a minute.
// When sealing, the OCSP answer should prove the status *after* the signature (EN 319 102-1: revocation
// data issued after the best signature time), so a kept answer produced before `signedAt` is asked
// again; it still serves, while current, when the responder does not answer. CRLs are kept until
// their nextUpdate whatever the signature's time: an issuer publishes a new one only then.
import { createHash } from "node:crypto";
import { logger } from "@/lib/log";
import { readCachedRevocation, saveCachedRevocation, type CachedRevocation } from "@/lib/db/revocation-cache";
import { certificateUrls } from "@/lib/sealing/certificate-urls";
import { checkCrl, checkOcspResponse, serialOf, type CheckedCrl } from "@/lib/sealing/check-revocation-data";
import { getCrl, postOcspRequest } from "@/lib/sealing/fetch-revocation-data";
import { ocspRequest } from "@/lib/sealing/ocsp-request";
import { subjectOf } from "@/lib/sealing/certificate-names";
import { SealError } from "@/lib/sealing/seal-types";
import type { BuiltInAuthority } from "@/lib/sealing/built-in-authority";

interface StatusEvidence {
  kind: "ocsp" | "crl";
  der: Buffer;
  /** certificates the evidence needs besides the chain (a delegated OCSP responder's) */
  certificates: Buffer[];
  thisUpdate: Date;
}

/** Where answers are kept between processes: revocation_cache by default. */
interface RevocationStore {
  read(key: string, at: Date): Promise<CachedRevocation | null>;
  save(entry: CachedRevocation, at: Date): Promise<void>;
}

const databaseStore: RevocationStore = { read: readCachedRevocation, save: saveCachedRevocation };

export interface StatusOptions {
  at: Date;
  /** only evidence issued at or after this time (an archive renewal's, after the last time-stamp) */
  issuedAfter?: Date;
  /**
   * the signature's time: a kept OCSP answer produced before it is replaced by a fresh one, and used
   * (while current) only when no fresh one can be had
   */
  signedAt?: Date;
  builtIn?: BuiltInAuthority | null;
  /** the shared store (a benchmark without a database passes one of its own) */
  store?: RevocationStore;
}

/** A certificate in a chain the service signs or time-stamps with is revoked: nothing is sealed with it. */
export class RevokedCertificateError extends SealError {}

const FAILURE_PAUSE_MS = 60_000;
const MEMORY_ENTRIES = 512;

interface Kept {
  evidence: StatusEvidence;
  nextUpdate: Date;
  /** for an OCSP answer: when the responder signed it */
  producedAt?: Date;
  /** for a CRL: the serials it revokes */
  crl?: CheckedCrl;
}

const memory = new Map<string, Kept>();
const failedUntil = new Map<string, number>();

function keep(key: string, kept: Kept): void {
  if (memory.size >= MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
  memory.set(key, kept);
}

const usable = (k: Kept | undefined, o: StatusOptions): k is Kept =>
  !!k && k.nextUpdate > o.at && (!o.issuedAfter || k.evidence.thisUpdate >= o.issuedAfter);

/** Produced at or after the signature, to the second (GeneralizedTime in OCSP answers has no fraction). */
const producedAfterSigning = (k: Kept, o: StatusOptions): boolean =>
  !o.signedAt || (k.producedAt !== undefined && k.producedAt.getTime() >= Math.floor(o.signedAt.getTime() / 1000) * 1000);

const revoked = (certDer: Buffer) =>
  new RevokedCertificateError(`Sertifika iptal edilmiş: ${subjectOf(certDer)} (seri ${serialOf(certDer)}); bu sertifikayla mühürlenmez.`);

/** Tries `fetchOne` on each address in turn; null when none answered usefully (logged). */
async function firstAnswer<T>(key: string, urls: string[], o: StatusOptions, fetchOne: (url: string) => Promise<T | null>): Promise<T | null> {
  if ((failedUntil.get(key) ?? 0) > o.at.getTime()) return null;
  for (const url of urls) {
    try {
      const answer = await fetchOne(url);
      if (answer) {
        failedUntil.delete(key);
        return answer;
      }
    } catch (err) {
      if (err instanceof RevokedCertificateError) throw err;
      logger().warn({ url, err: err instanceof Error ? err.message : String(err) }, "revocation data not had from this address");
    }
  }
  if (failedUntil.size >= MEMORY_ENTRIES) failedUntil.clear();
  failedUntil.set(key, o.at.getTime() + FAILURE_PAUSE_MS);
  return null;
}

/** The kept answer about `certDer`, from this process or the shared store, if it is still current and good. */
async function keptOcsp(key: string, certDer: Buffer, issuerDer: Buffer, o: StatusOptions): Promise<Kept | null> {
  const inMemory = memory.get(key);
  if (usable(inMemory, o)) return inMemory;
  const stored = await (o.store ?? databaseStore).read(key, o.at);
  if (!stored) return null;
  try {
    const checked = checkOcspResponse(stored.der, certDer, issuerDer, o.at);
    const kept: Kept = { evidence: { kind: "ocsp", der: stored.der, certificates: checked.certificates, thisUpdate: checked.thisUpdate }, nextUpdate: stored.nextUpdate, producedAt: checked.producedAt };
    if (checked.status !== "good" || !usable(kept, o)) return null;
    keep(key, kept);
    return kept;
  } catch {
    // Not believed any more (the clock moved past it): asked again.
    return null;
  }
}

async function viaOcsp(certDer: Buffer, issuerDer: Buffer, urls: string[], o: StatusOptions): Promise<StatusEvidence | null> {
  const key = `ocsp:${createHash("sha256").update(certDer).digest("hex")}`;
  const kept = await keptOcsp(key, certDer, issuerDer, o);
  if (kept && producedAfterSigning(kept, o)) return kept.evidence;
  const fresh = await firstAnswer(key, urls, o, async (url) => {
    const der = await postOcspRequest(url, ocspRequest(certDer, issuerDer));
    const checked = checkOcspResponse(der, certDer, issuerDer, o.at);
    if (checked.status === "revoked") throw revoked(certDer);
    if (checked.status === "unknown") throw new Error("the responder does not know the certificate");
    const evidence: StatusEvidence = { kind: "ocsp", der, certificates: checked.certificates, thisUpdate: checked.thisUpdate };
    if (checked.nextUpdate) {
      keep(key, { evidence, nextUpdate: checked.nextUpdate, producedAt: checked.producedAt });
      await (o.store ?? databaseStore).save({ key, der, thisUpdate: checked.thisUpdate, nextUpdate: checked.nextUpdate }, o.at);
    }
    return evidence;
  });
  // The responder did not answer: the kept answer, older than the signature but current, still says
  // more than none (the level stays B-LT); a validator judges its freshness itself.
  if (!fresh && kept) logger().warn({ producedAt: kept.producedAt?.toISOString() }, "OCSP answer from before the signature used: the responder did not answer");
  return fresh ?? kept?.evidence ?? null;
}

async function viaCrl(certDer: Buffer, issuerDer: Buffer, urls: string[], o: StatusOptions): Promise<StatusEvidence | null> {
  const store = o.store ?? databaseStore;
  for (const url of urls) {
    const key = `crl:${url}`;
    let kept = memory.get(key);
    if (!usable(kept, o)) {
      const stored = await store.read(key, o.at);
      kept = undefined;
      if (stored) {
        try {
          const crl = checkCrl(stored.der, issuerDer, o.at);
          const candidate = { evidence: { kind: "crl" as const, der: stored.der, certificates: [], thisUpdate: crl.thisUpdate }, nextUpdate: stored.nextUpdate, crl };
          if (usable(candidate, o)) kept = candidate;
        } catch {
          // asked again below
        }
      }
      kept ??=
        (await firstAnswer(key, [url], o, async () => {
          const der = await getCrl(url);
          const crl = checkCrl(der, issuerDer, o.at);
          const fetched: Kept = { evidence: { kind: "crl", der, certificates: [], thisUpdate: crl.thisUpdate }, nextUpdate: crl.nextUpdate ?? o.at, crl };
          if (crl.nextUpdate) await store.save({ key, der, thisUpdate: crl.thisUpdate, nextUpdate: crl.nextUpdate }, o.at);
          return fetched;
        })) ?? undefined;
      if (!kept) continue;
      if (kept.nextUpdate > o.at) keep(key, kept);
    }
    if (kept.crl?.revoked.has(serialOf(certDer))) throw revoked(certDer);
    return kept.evidence;
  }
  return null;
}

/** The evidence of `certDer`'s status (issued by `issuerDer`), or null when none could be had. */
export async function certificateStatus(certDer: Buffer, issuerDer: Buffer, o: StatusOptions): Promise<StatusEvidence | null> {
  if (o.builtIn && issuerDer.equals(o.builtIn.rootDer)) {
    // It revokes nothing, and it was made just now by this process.
    const { der, thisUpdate } = o.builtIn.crl(o.at);
    return { kind: "crl", der, certificates: [], thisUpdate };
  }
  const urls = certificateUrls(certDer);
  const ocsp = urls.ocsp.length ? await viaOcsp(certDer, issuerDer, urls.ocsp, o) : null;
  // RFC 5280 §4.2.1.13: the CRL where there is no OCSP, or where the responder did not answer.
  return ocsp ?? (urls.crl.length ? viaCrl(certDer, issuerDer, urls.crl, o) : null);
}

/** Tests: forget what this process kept. */
export function forgetRevocationMemory(): void {
  memory.clear();
  failedUntil.clear();
}
