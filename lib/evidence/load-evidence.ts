// A consent's evidence records as served, with the service's own recomputation of the chain.
import { db } from "@/lib/db";
import { verifyChain, type EvidenceRecord } from "@/lib/evidence/chain";

export interface LoadedEvidence {
  records: EvidenceRecord[];
  chain: { ok: boolean; count: number; head: string | null };
}

/** `kept`: the head and count the consent row holds — deleting the last record is caught by them. */
export async function loadEvidence(consentId: string, kept: { eventCount: number; chainHead: string | null }): Promise<LoadedEvidence> {
  const rows = await db().consentEvent.findMany({ where: { consentId }, orderBy: { seq: "asc" } });
  const records: EvidenceRecord[] = rows.map((r) => ({
    seq: r.seq,
    event: r.event,
    at: r.at,
    ip: r.ip ?? "",
    user_agent: r.userAgent ?? "",
    actor: r.actor,
    data: r.data as Record<string, unknown>,
    prev_hash: r.prevHash,
    hash: r.hash,
  }));
  const verdict = verifyChain(records);
  const ok = verdict.ok && verdict.count === kept.eventCount && verdict.head === kept.chainHead;
  return { records, chain: { ok, count: verdict.count, head: verdict.head } };
}
