// Crash recovery for the SMS outbox: link and reminder messages that no request or run finished sending.
import { now } from "@/lib/clock";
import { duePendingSms } from "@/lib/db/sms-messages";
import { sendLinkSms } from "@/lib/consents/send-link-sms";

// A request normally sends its message within a second; give it time before stepping in.
const PENDING_GRACE_MS = 30_000;
// A send that started this long ago and never finished died with its process.
const SENDING_STALE_MS = 5 * 60_000;

export async function sendPendingSms(batch = 100): Promise<number> {
  const at = now().getTime();
  const pending = await duePendingSms(new Date(at - SENDING_STALE_MS), new Date(at - PENDING_GRACE_MS), batch);
  for (const id of pending) await sendLinkSms(id);
  return pending.length;
}
