// The embedded runner's webhook job: every pending delivery whose time has come gets its attempt,
// several at once so one slow receiver does not hold up the others.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";

const PARALLEL = 16;

export async function deliverDueWebhooks(batch = 200): Promise<number> {
  const at = now();
  const due = await db().webhookDelivery.findMany({
    where: { status: "pending", nextAttemptAt: { lte: at }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: at } }] },
    select: { id: true },
    orderBy: { nextAttemptAt: "asc" },
    take: batch,
  });
  let next = 0;
  let attempted = 0;
  const worker = async () => {
    while (next < due.length) {
      const { id } = due[next++]!;
      if (await attemptDelivery(id)) attempted++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
  return attempted;
}
