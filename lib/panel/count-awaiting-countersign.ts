// How many of the tenant's consents await a physician's countersignature (decisions §19): the badge
// of the physician's menu entry and the dashboard's figure, on every panel page a physician opens, so
// it reads only the partial index consents_awaiting_physician_idx (status = 'signed').
import { db } from "@/lib/db";

export async function countAwaitingCountersign(tenantId: string): Promise<number> {
  return db().consent.count({ where: { tenantId, status: "signed" } });
}
