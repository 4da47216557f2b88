// decisions §24, archive renewal: a document time-stamp proves the file existed at its time only as
// long as its certificate can be checked. Before that certificate expires (ARCHIVE_RENEW_BEFORE), the
// file gets an incremental update with the time-stamp's validation data (a DSS revision: its chain
// and the status of each certificate, with a /VRI entry keyed by the token) and a new document
// time-stamp over everything (ETSI EN 319 142-1 §5.5, PAdES B-LTA's renewal). The new file replaces
// the old under a new digest, conditionally on the old one; the old digest is kept (earlier_documents)
// so that a copy of it still verifies, the detached timestamp is taken again over the new digest, and
// `arsiv_zaman_damgasi` { time, serial } records the new time-stamp in the evidence chain.
import { createHash, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import { ContentInfo, SignedData, TSTInfo } from "pkijs";
import { transaction } from "@/lib/db";
import { claimArchiveRenewal, postponeArchiveRenewal, recordArchiveRead, replaceWithRenewed, type ArchiveDocument } from "@/lib/db/archive-renewal";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { formatDateTime } from "@/lib/time";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { fileStorage } from "@/lib/storage/file-storage";
import { readStoredDocument } from "@/lib/documents/read-stored-document";
import { recordCertificatesOf } from "@/lib/verifier/record-trusted-certificates";
import { derSource, integerHex } from "@/lib/timestamping/tsa-asn1";
import { addDocumentTimestamp, SUBFILTER_ETSI_RFC3161 } from "@/lib/sealing/add-document-timestamp";
import { addDssRevision, vriKey } from "@/lib/sealing/add-dss-revision";
import { tsaChainOf } from "@/lib/sealing/collect-validation-data";
import { loadForUpdate } from "@/lib/sealing/incremental-update";
import { lastSignature } from "@/lib/sealing/last-signature";
import { timestamper, tsaCertificates, validationSource } from "@/lib/sealing/produce-sealed-pdf";

const LEASE_MS = 10 * 60_000;
/** After the TSA did not answer: the window is months long, so once an hour is plenty. */
const RETRY_MS = 3_600_000;
/** The TSA still signs with a certificate no newer than the document's: asked again a day later. */
const NO_NEWER_MS = 86_400_000;

/** What the last renewal learnt of the TSA's current certificate: renewals before it changes gain nothing. */
let tsaSeen: { notAfter: number; at: number } | undefined;

function tokenTime(token: Uint8Array): { time: Date; serial: string } {
  const signed = new SignedData({ schema: ContentInfo.fromBER(derSource(token)).content });
  const content = signed.encapContentInfo.eContent as asn1js.OctetString;
  const info = TSTInfo.fromBER(derSource(new Uint8Array(content.getValue())));
  return { time: info.genTime, serial: integerHex(info.serialNumber) };
}

/** The expiry of the certificate of `pdf`'s last document time-stamp, or null when its last signature is not one. */
async function lastTimestampExpiry(pdf: Buffer): Promise<{ token: Buffer; chain: Buffer[]; notAfter: Date } | null> {
  const last = lastSignature(pdf);
  if (!last || last.subFilter !== SUBFILTER_ETSI_RFC3161) return null;
  const chain = tsaChainOf(last.der, await tsaCertificates());
  if (!chain[0]) return null;
  return { token: last.der, chain, notAfter: new Date(new X509Certificate(chain[0]).validTo) };
}

/** Reads a document not read yet: when its last document time-stamp's certificate expires. */
export async function readArchiveDocument(d: ArchiveDocument): Promise<void> {
  const pdf = await readStoredDocument(d.id, d.documentKey, d.documentSha256);
  const last = pdf ? await lastTimestampExpiry(pdf) : null;
  await recordArchiveRead(d.id, d.documentSha256, last?.notAfter ?? null);
}

/** True when this call renewed the document's archive time-stamp. */
export async function renewArchiveTimestamp(d: ArchiveDocument): Promise<boolean> {
  const at = now();
  if (!(await claimArchiveRenewal(d.id, d.documentSha256, at, new Date(at.getTime() + LEASE_MS)))) return false;
  const postpone = (ms: number) => postponeArchiveRenewal(d.id, d.documentSha256, new Date(now().getTime() + ms));
  const pdf = await readStoredDocument(d.id, d.documentKey, d.documentSha256);
  const last = pdf ? await lastTimestampExpiry(pdf) : null;
  const timestamp = await timestamper();
  if (!pdf || !last || !timestamp) {
    await postpone(NO_NEWER_MS);
    return false;
  }
  if (tsaSeen && tsaSeen.notAfter <= last.notAfter.getTime() && at.getTime() - tsaSeen.at < NO_NEWER_MS) {
    await postpone(NO_NEWER_MS);
    return false;
  }

  // The last time-stamp's validation data, had now, then a new time-stamp over it.
  const validation = await (await validationSource())([last.chain]);
  const data = { certificates: validation.certificates, ocsps: validation.ocsps, crls: validation.crls };
  const doc = await loadForUpdate(pdf);
  const withDss = addDssRevision(pdf, doc, data, [{ key: vriKey(last.token), ...data }]);
  const stamped = await addDocumentTimestamp(withDss, doc, timestamp);
  if (!stamped) {
    logger().warn({ consentId: d.id }, "archive renewal: the TSA did not answer; tried again later");
    await postpone(RETRY_MS);
    return false;
  }
  const next = tsaChainOf(stamped.token, await tsaCertificates());
  const notAfter = new Date(new X509Certificate(next[0] ?? last.chain[0]!).validTo);
  tsaSeen = { notAfter: notAfter.getTime(), at: at.getTime() };
  if (notAfter <= last.notAfter) {
    // Nothing would be gained: the new time-stamp would expire no later. The file stays as it is.
    logger().warn({ consentId: d.id, notAfter: notAfter.toISOString() }, "archive renewal: the TSA's certificate is no newer than the document's last time-stamp; tried again tomorrow");
    await postpone(NO_NEWER_MS);
    return false;
  }

  // The new TSA certificate joins the service's trust statement (decisions §24) before the file is served.
  await recordCertificatesOf(stamped.pdf);
  const sha256 = createHash("sha256").update(stamped.pdf).digest("hex");
  const key = `consents/${d.id}/document-${sha256.slice(0, 16)}.pdf`;
  await fileStorage().put(key, stamped.pdf, { tenantId: d.tenantId, consentId: d.id, contentType: "application/pdf", sha256 });
  const { time, serial } = tokenTime(stamped.token);
  const done = now();
  const replaced = await transaction(async (tx) => {
    const count = await replaceWithRenewed(tx, d.id, d.documentSha256, { documentSha256: sha256, documentKey: key, archiveTsNotAfter: notAfter }, done, env().TSA_DRIVER !== "none");
    if (count === 0) return false;
    await appendEvent(tx, d.id, "arsiv_zaman_damgasi", SYSTEM_ORIGIN, done, { time: formatDateTime(time, env().APP_TIMEZONE), serial });
    return true;
  });
  if (!replaced) {
    await fileStorage().delete(key);
    return false;
  }
  if (d.documentKey && d.documentKey !== key) await fileStorage().delete(d.documentKey);
  logger().info({ consentId: d.id, serial, notAfter: notAfter.toISOString() }, "archive time-stamp renewed");
  return true;
}

/** Tests: forget what was learnt of the TSA's certificate. */
export function forgetTsaSeen(): void {
  tsaSeen = undefined;
}
