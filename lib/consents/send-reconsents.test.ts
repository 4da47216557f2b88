// The panel's re-consent of the chosen rows (decisions §22, issue #51) on a real database: a re-consent
// with its SMS for each chosen consent awaiting one, within the quota — what the quota does not cover
// is left and said so per row, never sent — only the rows chosen, only once per consent, and never a
// consent of another template or tenant.
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
const { listAwaitingReconsent } = await import("@/lib/consents/list-awaiting-reconsent");

const origin = { actor: "panel:test", ip: "", userAgent: "" };
let tenantId: string;
let strangerId: string;

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
  // Another tenant's consent awaiting re-consent on a template of the same code.
  const other = await createTenant({ code: "resend-other", name: "Başka Klinik", quota: 5 });
  const otherId = (await db().tenant.findUniqueOrThrow({ where: { code: other.code }, select: { id: true } })).id;
  await createTemplate(otherId, { kod: "genel", baslik: "Onam", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
  strangerId = (await createConsent(otherId, { sablon_kod: "genel", adsoyad: "Yabancı Kişi", telefon: "05331112299", sms_gonder: false }, origin)).id;
  await updateTemplate(otherId, "genel", { govde: "<p>{adsoyad} yeni metni onaylar.</p>", yayimla: true, degisiklik: "esasli" }, "test");
  expect(await markReconsents({ maxBatches: 5 })).toBe(1);
}, 120_000);

afterAll(() => testDb.cleanup());

describe("re-consent of the chosen rows", () => {
  const quota = async () => (await db().tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { quotaRemaining: true } })).quotaRemaining;

  it("sends only the rows chosen, within the quota, says per row what happened, and sends each only once", async () => {
    const listed = await listAwaitingReconsent(tenantId, "genel", 20, 0);
    expect(listed.count).toBe(6);
    expect(listed.quota).toEqual({ remaining: 2, unlimited: false });
    const ids = listed.data.map((c) => c.id).sort();
    // Three chosen with two units left: two sent, the third left for the quota; the other three untouched.
    const first = await sendReconsents(tenantId, "genel", { ids: ids.slice(0, 3) }, origin);
    expect(first).toMatchObject({ sent: 2, leftForQuota: 1, skipped: 0, failed: 0 });
    expect(first.results.map((r) => [r.id, r.outcome])).toEqual([
      [ids[0], "sent"],
      [ids[1], "sent"],
      [ids[2], "quota"],
    ]);
    expect(await quota()).toBe(0);
    const renewals = await db().consent.findMany({ where: { tenantId, previousId: { not: null } }, select: { id: true, previousId: true, templateVersion: true } });
    expect(renewals.map((r) => r.previousId).sort()).toEqual(ids.slice(0, 2));
    expect(renewals.every((r) => r.templateVersion === 2)).toBe(true);
    expect(first.results[0]).toEqual({ id: ids[0], outcome: "sent", replacedBy: renewals.find((r) => r.previousId === ids[0])!.id });
    expect(await db().smsMessage.count({ where: { tenantId, kind: "link", status: "sent" } })).toBe(2);

    // With units again: the renewed ones are skipped (a second click), an unknown id and another
    // tenant's consent too; the rest are sent.
    await db().tenant.update({ where: { id: tenantId }, data: { quotaRemaining: 10 } });
    const second = await sendReconsents(tenantId, "genel", { ids: [...ids.slice(0, 4), "ons_yok_boyle_bir_onam", strangerId] }, origin);
    expect(second.results.map((r) => r.outcome)).toEqual(["skipped", "skipped", "sent", "sent", "skipped", "skipped"]);
    expect(second).toMatchObject({ sent: 2, leftForQuota: 0, skipped: 4, failed: 0 });
    expect(await quota()).toBe(8);
    expect(await db().consent.count({ where: { previousId: strangerId } })).toBe(0);
    // The two never chosen still await theirs.
    expect(await db().consent.count({ where: { tenantId, previousId: { in: ids.slice(4) } } })).toBe(0);
  });

  it("refuses an empty, oversized or malformed choice, naming the field, and an unknown template", async () => {
    await expect(sendReconsents(tenantId, "genel", { ids: [] }, origin)).rejects.toMatchObject({ code: "validation_failed", errors: { ids: [expect.any(String)] } });
    await expect(sendReconsents(tenantId, "genel", { ids: "ons_x" }, origin)).rejects.toMatchObject({ code: "validation_failed", errors: { ids: [expect.any(String)] } });
    const many = Array.from({ length: 101 }, (_, i) => `ons_${i}`);
    await expect(sendReconsents(tenantId, "genel", { ids: many }, origin)).rejects.toMatchObject({ code: "validation_failed", errors: { ids: [expect.any(String)] } });
    await expect(sendReconsents(tenantId, "genel", { ids: ["'; DROP TABLE consents; --"] }, origin)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(sendReconsents(tenantId, "yok", { ids: ["ons_a"] }, origin)).rejects.toMatchObject({ code: "not_found" });
  });
});
