// How many of the tenant's consents await a physician's countersignature (decisions §19): the badge
// of the physician's menu entry and the dashboard's figure, on every panel page a physician opens.
import { countSignedConsents } from "@/lib/db/consent-panel-reads";

export function countAwaitingCountersign(tenantId: string): Promise<number> {
  return countSignedConsents(tenantId);
}
