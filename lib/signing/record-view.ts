// The `goruntulendi` evidence event: the person opened the signing link. At most once per 10 minutes
// per browser (decisions §15): reloads and the page's own refreshes do not flood the evidence.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { hit } from "@/lib/api/rate-limit";
import { appendEvent } from "@/lib/evidence/append-event";
import { lockOpenConsent } from "@/lib/consents/lock-open-consent";

const VIEW_WINDOW_SECONDS = 600;

export async function recordView(token: string, client: { ip: string; userAgent: string }, viewSession: string | null): Promise<void> {
  const c = await db().consent.findUnique({ where: { linkToken: token }, select: { id: true, tenantId: true } });
  if (!c) return;
  // Without the view cookie (a client that refuses cookies), the address and browser stand in for it.
  const browser = viewSession ?? `${client.ip}|${client.userAgent}`;
  if (!(await hit(`view:${c.id}:${browser}`, 1, VIEW_WINDOW_SECONDS)).allowed) return;
  const at = now();
  await db().$transaction(async (tx) => {
    if (!(await lockOpenConsent(tx, c.tenantId, c.id, at))) return;
    await appendEvent(tx, c.id, "goruntulendi", { actor: "signer", ip: client.ip, userAgent: client.userAgent.slice(0, 512) }, at);
  });
}
