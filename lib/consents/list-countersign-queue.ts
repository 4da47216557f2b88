// The physician's queue (decisions §19): the tenant's consents awaiting a countersignature, those
// whose `hekim` field names the physician first, then by the person's signature, oldest first. The
// field is encrypted, so the names are compared after reading, over the oldest QUEUE_LIMIT.
import { countersignQueueRows } from "@/lib/db/consent-panel-reads";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { formatDateTime } from "@/lib/time";
import { decryptField } from "@/lib/consents/encrypted-fields";
import { countAwaitingCountersign } from "@/lib/consents/count-awaiting-countersign";
import { namesPhysician } from "@/lib/consents/physician-match";

export const QUEUE_LIMIT = 100;

interface QueueItem {
  id: string;
  patientName: string | null;
  approver: { type: string; name: string | null };
  title: string;
  templateCode: string;
  templateVersion: number;
  physician: string | null;
  procedure: string | null;
  signedAt: string | null;
  /** the consent's `hekim` names this physician */
  mine: boolean;
}

export async function listCountersignQueue(tenantId: string, physicianName: string | null): Promise<{ items: QueueItem[]; total: number }> {
  const [rows, total] = await Promise.all([
    countersignQueueRows(tenantId, QUEUE_LIMIT),
    countAwaitingCountersign(tenantId),
  ]);
  const tz = env().APP_TIMEZONE;
  const items = rows.map((r) => {
    const physician = decryptField(r.physician);
    return {
      id: r.id,
      patientName: r.patientName ? decrypt(r.patientName) : null,
      approver: { type: r.approverType, name: r.approverName ? decrypt(r.approverName) : null },
      title: r.templateVer.title,
      templateCode: r.templateCode,
      templateVersion: r.templateVersion,
      physician,
      procedure: decryptField(r.procedure),
      signedAt: r.signedAt ? formatDateTime(r.signedAt, tz) : null,
      mine: namesPhysician(physician, physicianName),
    };
  });
  // A stable partition: the order by signature holds within each part.
  return { items: [...items.filter((i) => i.mine), ...items.filter((i) => !i.mine)], total };
}
