// GET /v1/consents/{id}/events: the evidence records and the service's own recomputation of the chain.
import { db } from "@/lib/db";
import { AppError } from "@/lib/api/errors";
import type { EvidenceRecord } from "@/lib/evidence/chain";
import { loadEvidence } from "@/lib/evidence/load-evidence";

export async function getConsentEvents(tenantId: string, id: string): Promise<{ data: EvidenceRecord[]; chain: { ok: boolean; count: number } }> {
  const consent = await db().consent.findFirst({ where: { id, tenantId }, select: { id: true } });
  if (!consent) throw new AppError("not_found", "Onam bulunamadı.");
  const { records, chain } = await loadEvidence(id);
  return { data: records, chain: { ok: chain.ok, count: chain.count } };
}
