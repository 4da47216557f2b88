// Storage mode `kurum` (decisions §12): a closed consent is kept in full only for the 24-hour download
// window, then purged (lib/consents/purge-consents.ts). Called inside the transaction that closes the
// consent, so the deadline commits with the close itself and no closed consent escapes the purge.
import type { Tx } from "@/lib/db";
import { setPurgeAfterIfKurum } from "@/lib/db/consents";

const PURGE_WINDOW_MS = 24 * 3_600_000;

/** When a consent closed at `closedAt` is purged, if its tenant keeps its own records (`kurum`). */
export function purgeDeadline(closedAt: Date): Date {
  return new Date(closedAt.getTime() + PURGE_WINDOW_MS);
}

/** Sets purge_after = closedAt + 24 h when the consent's tenant keeps its own records (`kurum`). */
export async function schedulePurge(tx: Tx, tenantId: string, consentId: string, closedAt: Date): Promise<void> {
  await setPurgeAfterIfKurum(tx, tenantId, consentId, purgeDeadline(closedAt));
}
