// The `goruntulendi` evidence event: the person opened the signing link.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { appendEvent } from "@/lib/evidence/append-event";
import { lockOpenConsent } from "@/lib/consents/lock-open-consent";

export async function recordView(token: string, client: { ip: string; userAgent: string }): Promise<void> {
  const c = await db().consent.findUnique({ where: { linkToken: token }, select: { id: true, tenantId: true } });
  if (!c) return;
  const at = now();
  await db().$transaction(async (tx) => {
    if (!(await lockOpenConsent(tx, c.tenantId, c.id, at))) return;
    await appendEvent(tx, c.id, "goruntulendi", { actor: "signer", ip: client.ip, userAgent: client.userAgent.slice(0, 512) }, at);
  });
}
