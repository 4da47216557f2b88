// Claims up to `limit` pending deliveries whose time has come, in one statement, for the runner to
// attempt. The claim is a lease (`locked_until`), as for a single attempt: rows another transaction
// is claiming right now are skipped (SKIP LOCKED), rows under a live lease are not due, so two
// instances never make the same attempt; a killed process's lease lapses and the row is due again.
import { claimDueDeliveryRows } from "@/lib/db/webhooks";
import { ATTEMPT_TIMEOUT_MS } from "@/lib/webhooks/post-webhook";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-status";

/** Longer than an attempt can take: a lock older than this belongs to a process that died. */
export const LOCK_MS = ATTEMPT_TIMEOUT_MS + 20_000;

/** A delivery held under our lease: what an attempt needs to build, send and record it. */
export interface ClaimedDelivery {
  id: bigint;
  tenantId: string;
  consentId: string | null;
  event: string;
  createdAtIso: string;
  status: DeliveryStatus;
  /** attempts made so far, manual resends included: the next one's number is this + 1 */
  attempts: number;
  /** attempts made on the retry schedule: where the schedule stands */
  scheduledAttempts: number;
}

export async function claimDueDeliveries(limit: number, at: Date, dueBy: Date = at): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const rows = await claimDueDeliveryRows(limit, at, dueBy, new Date(at.getTime() + LOCK_MS));
  return rows
    .map((r) => ({
      id: BigInt(r.id),
      tenantId: r.tenant_id,
      consentId: r.consent_id,
      event: r.event,
      createdAtIso: r.created_at_iso,
      status: r.status as DeliveryStatus,
      attempts: Number(r.attempts),
      scheduledAttempts: Number(r.scheduled),
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
