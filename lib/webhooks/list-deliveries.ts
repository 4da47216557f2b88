// Delivery history of one tenant (the panel's list and the admin CLI): newest first, each with its
// attempts, optionally only one status.
import { tenantDeliveries } from "@/lib/db/webhook-deliveries";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-status";

interface DeliveryView {
  id: string;
  event: string;
  consent_id: string | null;
  created_at: string;
  status: DeliveryStatus;
  next_attempt_at: string | null;
  attempts: { no: number; at: string; trigger: string; status_code: number | null; duration_ms: number; error: string | null; response: string | null }[];
}

export async function listDeliveries(
  tenantId: string,
  filter: { status?: DeliveryStatus; limit?: number; before?: bigint } = {},
): Promise<DeliveryView[]> {
  const tz = env().APP_TIMEZONE;
  const rows = await tenantDeliveries(tenantId, { status: filter.status, before: filter.before, limit: Math.min(filter.limit ?? 50, 200) });
  return rows.map((d) => ({
    id: String(d.id),
    event: d.event,
    consent_id: d.consentId,
    created_at: d.createdAtIso,
    status: d.status as DeliveryStatus,
    next_attempt_at: d.status === "pending" && d.nextAttemptAt ? formatDateTime(d.nextAttemptAt, tz) : null,
    attempts: d.attempts.map((a) => ({
      no: a.attemptNo,
      at: formatDateTime(a.at, tz),
      trigger: a.trigger,
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
      response: a.responseSnippet,
    })),
  }));
}
