// "Send test event" in the panel: a `webhook.test` delivery to the tenant's endpoint, signed like
// any other, attempted once at once and kept in the delivery history.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatIsoOffset } from "@/lib/time";
import { TEST_EVENT } from "@/lib/webhooks/events";
import { attemptDelivery, type AttemptReport } from "@/lib/webhooks/attempt-delivery";

export async function sendTestEvent(tenantId: string): Promise<AttemptReport> {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { tenantId }, select: { url: true } });
  if (!endpoint) throw new AppError("invalid_state", "Önce bir webhook adresi kaydedin.");
  const at = now();
  // No next_attempt_at: the background runner leaves it alone, so the attempt made here is the one
  // whose outcome the panel shows (a runner that got there first would leave nothing to report).
  const d = await db().webhookDelivery.create({
    data: { tenantId, event: TEST_EVENT, createdAtIso: formatIsoOffset(at, env().APP_TIMEZONE), nextAttemptAt: null },
    select: { id: true },
  });
  const report = await attemptDelivery(d.id, { by: "test-event", tenantId });
  if (!report) throw new AppError("invalid_state", "Test olayı şu anda gönderilemedi; tekrar deneyin.");
  return report;
}
