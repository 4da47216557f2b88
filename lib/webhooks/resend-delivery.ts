// A resend from the panel: the same delivery (same id, same event and created_at) attempted now,
// whatever its status. The outcome is returned for the panel to show.
import { AppError } from "@/lib/errors";
import { attemptDelivery, type AttemptReport } from "@/lib/webhooks/attempt-delivery";

export async function resendDelivery(tenantId: string, deliveryId: bigint): Promise<AttemptReport> {
  const report = await attemptDelivery(deliveryId, { by: "resend", tenantId });
  if (!report) throw new AppError("invalid_state", "Teslimat bulunamadı ya da şu anda gönderiliyor; biraz sonra tekrar deneyin.");
  return report;
}
