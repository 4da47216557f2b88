// The panel's send-all (decisions §22) on a real database: a re-consent with its SMS for each consent
// awaiting one, within the quota — what the quota does not cover is left and counted, never sent —
// and, as the API's re-consent, only once per consent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("resend-all");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { updateTemplate } = await import("@/lib/templates/update-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { markReconsents } = await import("@/lib/consents/mark-reconsents");
const { sendReconsents } = await import("@/lib/consents/send-reconsents");

const origin = { actor: "panel:test", ip: "", userAgent: "" };
let tenantId: string;

beforeAll(async () => {
  await prepareDb();
  const t = await createTenant({ code: "resend-all", name: "Kontörü Az Klinik", quota: 2 });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  await createTemplate(tenantId, { kod: "genel", baslik: "Onam", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
  const { id } = await createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false }, origin);
  // Five completed consents whose completion was announced, on version 1.
  await db().$executeRawUnsafe(
    `INSERT INTO consents SELECT (jsonb_populate_record(c, jsonb_build_object(
       'id', 'ons_261126_copy' || g || 'abcdefgh', 'status', 'completed', 'completion_announced_at', now(), 'link_token', 'tok' || g, 'short_code', 'k' || g))).*
     FROM consents c, generate_series(1, 5) g WHERE c.id = $1`,
    id,
  );
  await updateTemplate(tenantId, "genel", { govde: "<p>{adsoyad} yeni metni onaylar.</p>", yayimla: true, degisiklik: "esasli" }, "test");
  // The five, and (decisions §26) the one still open on the earlier text.
  expect(await markReconsents({ maxBatches: 5 })).toBe(6);
}, 120_000);

afterAll(() => testDb.cleanup());

describe("sending every awaiting re-consent", () => {
  it("sends what the quota covers, counts the rest as left for the quota, and sends each only once", async () => {
    expect(await sendReconsents(tenantId, "genel", origin)).toEqual({ sent: 2, leftForQuota: 4, failed: 0, leftForLater: 0 });
    expect((await db().tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { quotaRemaining: true } })).quotaRemaining).toBe(0);
    const renewals = await db().consent.findMany({ where: { tenantId, previousId: { not: null } }, select: { previousId: true, templateVersion: true } });
    expect(renewals).toHaveLength(2);
    expect(renewals.every((r) => r.templateVersion === 2)).toBe(true);
    expect(await db().smsMessage.count({ where: { tenantId, kind: "link", status: "sent" } })).toBe(2);

    await db().tenant.update({ where: { id: tenantId }, data: { quotaRemaining: 10 } });
    expect(await sendReconsents(tenantId, "genel", origin)).toEqual({ sent: 4, leftForQuota: 0, failed: 0, leftForLater: 0 });
    expect(await sendReconsents(tenantId, "genel", origin)).toEqual({ sent: 0, leftForQuota: 0, failed: 0, leftForLater: 0 });
    expect((await db().tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { quotaRemaining: true } })).quotaRemaining).toBe(6);
  });
});
