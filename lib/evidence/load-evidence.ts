// A consent's evidence records as served, with the service's own recomputation of the chain.
import { decryptEventData } from "@/lib/evidence/event-data";
import { AppError } from "@/lib/errors";
import { evidenceRows } from "@/lib/db/evidence";
import { verifyChain, type EvidenceRecord } from "@/lib/evidence/chain";

interface LoadedEvidence {
  records: EvidenceRecord[];
  chain: { ok: boolean; count: number; head: string | null };
}

/**
 * The records are checked against the head and count the consent row holds, so deleting the last
 * record is caught. Both are read in one statement, one snapshot (lib/db.ts).
 */
export async function loadEvidence(consentId: string): Promise<LoadedEvidence> {
  const kept = await evidenceRows(consentId);
  if (!kept) throw new AppError("not_found", "Onam bulunamadı.");
  const records: EvidenceRecord[] = kept.events.map((r) => ({
    seq: r.seq,
    event: r.event,
    at: r.at,
    ip: r.ip ?? "",
    user_agent: r.userAgent ?? "",
    actor: r.actor,
    data: decryptEventData(r.data),
    prev_hash: r.prevHash,
    hash: r.hash,
  }));
  const verdict = verifyChain(records);
  const ok = verdict.ok && verdict.count === kept.eventCount && verdict.head === kept.chainHead;
  return { records, chain: { ok, count: verdict.count, head: verdict.head } };
}
