// The `goruntulendi` evidence event: the person opened the signing link. At most once per 10 minutes
// per browser (decisions §15): reloads and the page's own refreshes do not flood the evidence; and at
// most MAX_VIEW_EVENTS in all.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { hit } from "@/lib/limits/rate-limit";
import { appendEvent } from "@/lib/evidence/append-event";
import { lockOpenConsent } from "@/lib/consents/lock-open-consent";

const VIEW_WINDOW_MS = 10 * 60_000;
/**
 * Views recorded per consent, at most. A client that keeps no cookies and sends another user agent
 * with each request was a new view every time: a forwarded link could grow one consent's evidence
 * by thousands of records a minute (and its document's kanit.json and evidence report with it).
 */
const MAX_VIEW_EVENTS = 100;

export async function recordView(token: string, client: { ip: string; userAgent: string }, viewSession: string | null): Promise<void> {
  const c = await db().consent.findUnique({ where: { linkToken: token }, select: { id: true, tenantId: true } });
  if (!c) return;
  // The same browser is the same view cookie (proxy.ts)…
  if (viewSession && !(await hit(`view:${c.id}:${viewSession}`, 1, VIEW_WINDOW_MS / 1000)).allowed) return;
  const at = now();
  const userAgent = client.userAgent.slice(0, 512);
  await db().$transaction(async (tx) => {
    if (!(await lockOpenConsent(tx, c.tenantId, c.id, at))) return;
    if ((await tx.consentEvent.count({ where: { consentId: c.id, event: "goruntulendi" } })) >= MAX_VIEW_EVENTS) return;
    // …or, for a client that keeps no cookies (each of its requests gets a fresh one), the same address
    // and user agent as a view recorded in the last 10 minutes (on the service clock).
    const recent = await tx.consentEvent.findFirst({
      where: { consentId: c.id, event: "goruntulendi", ip: client.ip, userAgent, occurredAt: { gt: new Date(at.getTime() - VIEW_WINDOW_MS) } },
      select: { id: true },
    });
    if (recent) return;
    await appendEvent(tx, c.id, "goruntulendi", { actor: "signer", ip: client.ip, userAgent }, at);
  });
}
