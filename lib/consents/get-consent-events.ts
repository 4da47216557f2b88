// GET /v1/consents/{id}/events: the evidence records and the service's own recomputation of the chain.
// After a kurum purge (decisions §12) the records are gone: 410 `purged` carries the chain's head and
// count, against which an evidence JSON the institution kept can be checked.
import { chainState } from "@/lib/db/consent-reads";
import { AppError } from "@/lib/errors";
import type { EvidenceRecord } from "@/lib/evidence/chain";
import { loadEvidence } from "@/lib/evidence/load-evidence";
import { awaitDocument, documentUnderWay } from "@/lib/consents/await-document";

export async function getConsentEvents(tenantId: string, id: string): Promise<{ data: EvidenceRecord[]; chain: { ok: boolean; count: number } }> {
  const consent = await chainState(tenantId, id);
  if (!consent) throw new AppError("not_found", "Onam bulunamadı.");
  if (consent.purgedAt) {
    throw new AppError(
      "purged",
      "Onamın olay kayıtları saklama politikası (kurum) gereği silindi. Saklanan kanıt JSON'u 'head' (son kaydın hash'i) ve 'count' ile doğrulanabilir.",
      undefined,
      { head: consent.chainHead, count: consent.eventCount },
    );
  }
  // The document's own record (belge_olusturuldu) is moments away: answered with it.
  if (documentUnderWay(consent)) await awaitDocument(tenantId, id);
  const { records, chain } = await loadEvidence(id);
  return { data: records, chain: { ok: chain.ok, count: chain.count } };
}
