// Crash recovery for the SMS outbox: link and reminder messages that no request or run finished sending.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { sendLinkSms } from "@/lib/consents/send-link-sms";

// A request normally sends its message within a second; give it time before stepping in.
const PENDING_GRACE_MS = 30_000;
// A send that started this long ago and never finished died with its process.
const SENDING_STALE_MS = 5 * 60_000;
const SENT_BY_OUTBOX = ["link", "reminder"];

export async function sendPendingSms(batch = 100): Promise<number> {
  const at = now().getTime();
  const prisma = db();
  await prisma.smsMessage.updateMany({
    where: { kind: { in: SENT_BY_OUTBOX }, status: "sending", createdAt: { lt: new Date(at - SENDING_STALE_MS) } },
    data: { status: "pending" },
  });
  const pending = await prisma.smsMessage.findMany({
    where: { kind: { in: SENT_BY_OUTBOX }, status: "pending", createdAt: { lt: new Date(at - PENDING_GRACE_MS) } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: batch,
  });
  for (const m of pending) await sendLinkSms(m.id);
  return pending.length;
}
