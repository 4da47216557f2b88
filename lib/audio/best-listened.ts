// decisions §22: the most of its text's recording a consent's person is on record as having heard
// (the highest `metin_dinlendi` percent), or null when nothing was recorded.
import type { Tx } from "@/lib/db";
import { listenedEventData } from "@/lib/db/read-aloud";
import { decryptEventData } from "@/lib/evidence/event-data";

export async function bestListened(tx: Tx, tenantId: string, consentId: string): Promise<number | null> {
  const percents = (await listenedEventData(tx, tenantId, consentId)).map((r) => Number(decryptEventData(r.data).percent) || 0);
  return percents.length ? Math.max(...percents) : null;
}
