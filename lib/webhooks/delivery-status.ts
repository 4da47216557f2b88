import { deliveryStatusOf } from "@/lib/db/webhook-deliveries";

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** The delivery's status, or "failed" for one that no longer exists. */
export async function deliveryStatus(id: bigint): Promise<DeliveryStatus> {
  return ((await deliveryStatusOf(id)) ?? "failed") as DeliveryStatus;
}
