// The `goruntulendi` evidence event: the person opened the signing link. At most once per 10 minutes
// per browser (decisions §15): reloads and the page's own refreshes do not flood the evidence; and at
// most MAX_VIEW_EVENTS in all.
import { transaction } from "@/lib/db";
import { consentKeyByToken } from "@/lib/db/consent-reads";
import { viewRecords } from "@/lib/db/evidence";
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
  const c = await consentKeyByToken(token);
  if (!c) return;
  // The same browser is the same view cookie (proxy.ts)…
  if (viewSession && !(await hit(`view:${c.id}:${viewSession}`, 1, VIEW_WINDOW_MS / 1000)).allowed) return;
  const at = now();
  const userAgent = client.userAgent.slice(0, 512);
  await transaction(async (tx) => {
    if (!(await lockOpenConsent(tx, c.tenantId, c.id, at))) return;
    // …or, for a client that keeps no cookies (each of its requests gets a fresh one), the same address
    // and user agent as a view recorded in the last 10 minutes (on the service clock).
    const views = await viewRecords(tx, c.tenantId, c.id, { ip: client.ip, userAgent }, new Date(at.getTime() - VIEW_WINDOW_MS));
    if (views.count >= MAX_VIEW_EVENTS || views.recent) return;
    await appendEvent(tx, c.id, "goruntulendi", { actor: "signer", ip: client.ip, userAgent }, at);
  });
}
