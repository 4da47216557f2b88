import { db } from "@/lib/db";

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** The delivery's status, or "failed" for one that no longer exists. */
export async function deliveryStatus(id: bigint): Promise<DeliveryStatus> {
  const d = await db().webhookDelivery.findUnique({ where: { id }, select: { status: true } });
  return (d?.status ?? "failed") as DeliveryStatus;
}
