// decisions §22 on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a material publish
// marks the completed consents of earlier versions in batches, each its own transaction. A run cut
// short (the batches limited, as a crash would) resumes where it stopped; a second run changes
// nothing; only completed consents of that template's earlier versions are marked, and each gets
// exactly one consent.reconsent_required delivery. The Inngest function works a marking off the same way.
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("reconsent", { WEBHOOK_ALLOW_PRIVATE: "1" });

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { updateTemplate } = await import("@/lib/templates/update-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { setWebhookEndpoint } = await import("@/lib/webhooks/set-webhook-endpoint");
const { markReconsents } = await import("@/lib/consents/mark-reconsents");
const { markReconsentsFunction } = await import("@/lib/jobs/inngest/mark-reconsents");
const { JOB_EVENTS } = await import("@/lib/jobs/inngest/client");

const origin = { actor: "test", ip: "", userAgent: "" };
let tenantId: string;

/** `n` copies of consent `id` with `status` (fresh ids, tokens and short codes). */
async function copies(id: string, n: number, status: string, prefix: string): Promise<void> {
  await db().$executeRawUnsafe(
    `INSERT INTO consents SELECT (jsonb_populate_record(c, jsonb_build_object(
       'id', $2::text || g, 'status', $3::text, 'link_token', $2::text || 'tok' || g, 'short_code', $2::text || g))).*
     FROM consents c, generate_series(1, $4::int) g WHERE c.id = $1`,
    id,
    prefix,
    status,
    n,
  );
}

async function count(where: string): Promise<number> {
  const [r] = await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM consents WHERE tenant_id = $1 AND ${where}`, tenantId);
  return r!.n;
}
const deliveries = async () =>
  (await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event = 'consent.reconsent_required'`))[0]!.n;
const markings = () => db().$queryRawUnsafe<{ version: number; marked: number; done: boolean }[]>(`SELECT version, marked, done_at IS NOT NULL AS done FROM reconsent_markings ORDER BY id`);
const publish = (code: string, degisiklik: string, govde: string) => updateTemplate(tenantId, code, { govde, yayimla: true, degisiklik }, "test");

beforeAll(async () => {
  await prepareDb();
  const t = await createTenant({ code: "reconsent-test", name: "Yeniden Onam Kliniği" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  await setWebhookEndpoint({ tenantId, url: "http://127.0.0.1:9/hook", events: ["consent.reconsent_required"] });
  for (const kod of ["genel", "diger"]) {
    await createTemplate(tenantId, { kod, baslik: "Onam", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
    const { id } = await createConsent(tenantId, { sablon_kod: kod, adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false }, origin);
    // 2 000 completed on version 1, 30 still open (reached too, decisions §26); the other template's 40 completed are not its concern.
    if (kod === "genel") {
      await copies(id, 2000, "completed", "c");
      await copies(id, 30, "sent", "s");
    } else {
      await copies(id, 40, "completed", "o");
    }
  }
}, 120_000);

afterAll(() => testDb.cleanup());

describe("marking after a material publish", () => {
  it("a formatting publish (the default) marks nothing", async () => {
    await updateTemplate(tenantId, "genel", { govde: "<p>{adsoyad} onay verir!</p>", yayimla: true }, "test");
    expect(await markings()).toEqual([]);
    expect(await markReconsents({ maxBatches: 10 })).toBe(0);
    expect(await count("reconsent_required")).toBe(0);
  });

  it("marks in batches of 500, resumes after a run cut short, and a second run changes nothing", async () => {
    await publish("genel", "esasli", "<p>{adsoyad} yeni riskleri okudu.</p>");
    expect(await markings()).toEqual([{ version: 3, marked: 0, done: false }]);

    // Cut short after two batches: what committed stays, the marking waits for the rest.
    expect(await markReconsents({ batch: 500, maxBatches: 2 })).toBe(1000);
    expect(await count("reconsent_required")).toBe(1000);
    expect(await markings()).toEqual([{ version: 3, marked: 1000, done: false }]);

    // decisions §26: the 31 still open on the earlier text (the 30 copies and the original) are reached too.
    expect(await markReconsents({ batch: 500, maxBatches: 10 })).toBe(1031);
    expect(await markings()).toEqual([{ version: 3, marked: 2031, done: true }]);
    expect(await count("reconsent_required")).toBe(2031);
    expect(await count("reconsent_required AND status = 'completed' AND template_code = 'genel'")).toBe(2000);
    expect(await count("reconsent_required AND status = 'sent' AND template_code = 'genel'")).toBe(31);
    expect(await deliveries()).toBe(2031);

    expect(await markReconsents({ batch: 500, maxBatches: 10 })).toBe(0);
    expect(await deliveries()).toBe(2031);
    // Each delivery has its job event for the dispatcher.
    const [outbox] = await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM job_outbox WHERE name = 'eonam/webhook.delivery.created'`);
    expect(outbox!.n).toBe(2031);
  });

  it("a later material publish does not mark or announce a consent twice", async () => {
    await publish("genel", "esasli", "<p>{adsoyad} yeni riskleri yeniden okudu.</p>");
    expect(await markReconsents({ batch: 500, maxBatches: 10 })).toBe(0);
    expect((await markings()).at(-1)).toEqual({ version: 4, marked: 0, done: true });
    expect(await deliveries()).toBe(2031);
    expect(await count("reconsent_required AND template_code = 'diger'")).toBe(0);
    expect(await count("reconsent_required AND status = 'sent'")).toBe(31);
  });

  it("refuses an unknown kind of change, naming the field", async () => {
    await expect(publish("genel", "buyuk", "<p>x {adsoyad}</p>")).rejects.toMatchObject({ code: "validation_failed", errors: { degisiklik: [expect.any(String)] } });
  });

  it("under Inngest, the function marks batch by batch until the marking is done", async () => {
    await publish("diger", "esasli", "<p>{adsoyad} yeni metni okudu.</p>");
    const engine = new InngestTestEngine({ function: markReconsentsFunction, events: [{ name: JOB_EVENTS.reconsentMarking, data: { templateId: "x", version: "2" } }] });
    const { result } = await engine.execute();
    // Its 40 completed and the one still open.
    expect(result).toEqual({ marked: 41 });
    expect((await markings()).at(-1)).toEqual({ version: 2, marked: 41, done: true });
    expect(await count("reconsent_required AND template_code = 'diger'")).toBe(41);
    expect(await deliveries()).toBe(2072);
  });
});
