// "Send test event" in the panel: a `webhook.test` delivery to the tenant's endpoint, signed like
// any other, attempted once at once and kept in the delivery history.
import { insertTestDelivery } from "@/lib/db/webhook-deliveries";
import { webhookEndpointRow } from "@/lib/db/webhook-endpoints";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatIsoOffset } from "@/lib/time";
import { TEST_EVENT } from "@/lib/webhooks/events";
import { attemptDelivery, type AttemptReport } from "@/lib/webhooks/attempt-delivery";

export async function sendTestEvent(tenantId: string): Promise<AttemptReport> {
  if (!(await webhookEndpointRow(tenantId))) throw new AppError("invalid_state", "Önce bir webhook adresi kaydedin.");
  const at = now();
  // No next_attempt_at: the background runner leaves it alone, so the attempt made here is the one
  // whose outcome the panel shows (a runner that got there first would leave nothing to report).
  const id = await insertTestDelivery(tenantId, TEST_EVENT, formatIsoOffset(at, env().APP_TIMEZONE));
  const report = await attemptDelivery(id, { by: "test-event", tenantId });
  if (!report) throw new AppError("invalid_state", "Test olayı şu anda gönderilemedi; tekrar deneyin.");
  return report;
}
