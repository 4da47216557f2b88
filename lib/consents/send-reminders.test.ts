// decisions §23 on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): with the tenant's
// reminder on, an open consent of SMS gets one reminder its chosen number of hours before it expires —
// one quota unit, one SMS in the consent's language naming the expiry, one `hatirlatma_gonderildi` —
// and never a second, nor one for a consent that is signed, off SMS, opened inside the window, or of
// a tenant with reminders off or no units left.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("reminders");

const { db, prepareDb } = await import("@/lib/db");
const { env } = await import("@/lib/env");
const { setClockOffset } = await import("@/lib/clock");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { cancelConsent } = await import("@/lib/consents/cancel-consent");
const { sendDueReminders } = await import("@/lib/consents/send-reminders");
const { readOutbox } = await import("@/lib/sms/file-driver");
const { getConsentEvents } = await import("@/lib/consents/get-consent-events");

const origin = { actor: "test", ip: "", userAgent: "" };
const HOUR = 3_600_000;

async function tenant(code: string, reminderHoursBefore: number | null, quota = 10): Promise<string> {
  await createTenant({ code, name: `Klinik ${code}` });
  const { id } = await db().tenant.update({ where: { code }, data: { reminderHoursBefore, quotaRemaining: quota }, select: { id: true } });
  await createTemplate(id, { kod: "genel", baslik: "Onam", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true, ceviriler: { en: { baslik: "Consent", govde: "<p>{adsoyad} agrees.</p>" } } }, "test");
  return id;
}

const consent = (tenantId: string, extra: Record<string, unknown> = {}) =>
  createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", gecerlilik_saat: 48, ...extra }, origin);

const reminders = async (consentId: string) => (await readOutbox(env().SMS_OUTBOX_PATH)).filter((l) => l.kind === "reminder" && l.consent_id === consentId);
const events = async (tenantId: string, consentId: string) =>
  (await getConsentEvents(tenantId, consentId)).data.filter((e) => e.event === "hatirlatma_gonderildi").map((e) => ({ data: e.data }));
const quota = async (tenantId: string) => (await db().tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { quotaRemaining: true } })).quotaRemaining;

beforeAll(() => prepareDb(), 60_000);
afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
});

describe("reminders before expiry", () => {
  it("sends one reminder, for one unit, at the tenant's hour before expiry, and never again", async () => {
    const t = await tenant("hatirlat", 24);
    const open = await consent(t);
    const english = await consent(t, { dil: "en" });
    const signedOff = await consent(t, { sms_gonder: false });
    const cancelled = await consent(t);
    await cancelConsent(t, cancelled.id, {}, origin);
    const units = await quota(t);

    // 23 hours in: 25 before expiry, not yet due.
    setClockOffset(23 * HOUR);
    expect(await sendDueReminders()).toBe(0);
    // 25 hours in: 23 before expiry.
    setClockOffset(25 * HOUR);
    expect(await sendDueReminders()).toBe(2);
    expect(await quota(t)).toBe(units - 2);
    const [sms] = await reminders(open.id);
    expect(sms?.body).toMatch(/^Klinik hatirlat: Hatırlatma: onam formunuz hâlâ onayınızı bekliyor; bağlantı \d\d\.\d\d\.\d{4} \d\d:\d\d \(GMT\+03:00\) tarihine kadar geçerli: http/);
    expect((await reminders(english.id))[0]?.body).toMatch(/Reminder: your consent form is still waiting for your approval; the link is valid until \d+ \w{3} \d{4}, \d\d:\d\d \(GMT\+03:00\): http/);
    expect(await events(t, open.id)).toEqual([{ data: expect.objectContaining({ hours_before: 24, message_id: expect.stringMatching(/^sms_/) }) }]);
    expect((await getConsentEvents(t, open.id)).chain.ok).toBe(true);

    // A second run, and one an hour later: nothing more.
    expect(await sendDueReminders()).toBe(0);
    setClockOffset(26 * HOUR);
    expect(await sendDueReminders()).toBe(0);
    expect(await reminders(open.id)).toHaveLength(1);
    expect(await reminders(signedOff.id)).toHaveLength(0);
    expect(await reminders(cancelled.id)).toHaveLength(0);
    expect(await quota(t)).toBe(units - 2);

    // Past expiry nothing is reminded.
    setClockOffset(49 * HOUR);
    expect(await sendDueReminders()).toBe(0);
  });

  it("reminds nobody when the tenant's reminder is off, when the consent opened inside the window, or without units", async () => {
    setClockOffset(0);
    const off = await tenant("hatirlatma-yok", null);
    const offConsent = await consent(off);
    const near = await tenant("kisa", 24);
    const short = await consent(near, { gecerlilik_saat: 12 });
    const broke = await tenant("kontorsuz", 24, 1);
    const unpaid = await consent(broke);
    expect(await quota(broke)).toBe(0);

    setClockOffset(30 * HOUR);
    await sendDueReminders();
    expect(await reminders(offConsent.id)).toHaveLength(0);
    expect(await reminders(short.id)).toHaveLength(0);
    // Without units the reminder is skipped once, not retried every run, and the link stays open.
    expect(await reminders(unpaid.id)).toHaveLength(0);
    expect(await events(broke, unpaid.id)).toEqual([]);
    const row = await db().consent.findUniqueOrThrow({ where: { id: unpaid.id }, select: { status: true, reminderSentAt: true } });
    expect(row.status).toBe("sent");
    expect(row.reminderSentAt).not.toBeNull();
  });

  it("reminds nobody of a tenant whose licence has ended, and does once the licence is renewed (issue #49)", async () => {
    setClockOffset(0);
    const t = await tenant("lisans-bitti", 24);
    // license_ends is the last valid day (decisions §11): today, in the service's zone.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: env().APP_TIMEZONE }).format(new Date());
    await db().tenant.update({ where: { id: t }, data: { licenseEnds: new Date(`${today}T00:00:00Z`) } });
    const lapsed = await consent(t);
    const units = await quota(t);

    // 25 hours in, the reminder is due, but the licence ended yesterday: no SMS, no unit, no event.
    setClockOffset(25 * HOUR);
    await sendDueReminders();
    expect(await reminders(lapsed.id)).toHaveLength(0);
    expect(await events(t, lapsed.id)).toEqual([]);
    expect(await quota(t)).toBe(units);
    // Not claimed: a renewed licence gets the reminder while the link is open.
    expect((await db().consent.findUniqueOrThrow({ where: { id: lapsed.id }, select: { reminderSentAt: true } })).reminderSentAt).toBeNull();
    await db().tenant.update({ where: { id: t }, data: { licenseEnds: new Date(Date.now() + 30 * 24 * HOUR) } });
    await sendDueReminders();
    expect(await reminders(lapsed.id)).toHaveLength(1);
    expect(await quota(t)).toBe(units - 1);
  });
});
