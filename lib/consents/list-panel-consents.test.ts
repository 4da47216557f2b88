// The panel's consent list and actor names on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): each consent titled by its own version's title, never another tenant's rows or
// titles; actors named from the tenant's own users and keys only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("panellist");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { createUser } = await import("@/lib/users/create-user");
const { createApiKey } = await import("@/lib/api-keys/create-api-key");
const { updateTemplate } = await import("@/lib/templates/update-template");
const { listPanelConsents } = await import("@/lib/consents/list-panel-consents");
const { resolveActorNames } = await import("@/lib/consents/actor-names");
const { getConsentTemplateTitle } = await import("@/lib/consents/get-consent-template-title");
const { exportConsentsCsv, CSV_COLUMNS } = await import("@/lib/consents/export-consents-csv");
const { STATUS_TEXT } = await import("@/lib/consents/consent-status");

const origin = { actor: "test", ip: "", userAgent: "" };

async function tenant(code: string, title: string): Promise<string> {
  await createTenant({ code, name: `Klinik ${code}` });
  const { id } = await db().tenant.update({ where: { code }, data: { quotaRemaining: 100 }, select: { id: true } });
  await createTemplate(id, { kod: "genel", baslik: title, govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
  return id;
}

const consent = (tenantId: string, extra: Record<string, unknown> = {}) =>
  createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false, ...extra }, origin);

beforeAll(() => prepareDb(), 60_000);
afterAll(() => testDb.cleanup());

describe("the panel's consent list", () => {
  it("titles each consent by its version's title, the tenant's own only", async () => {
    const a = await tenant("liste-a", "Diş Çekimi Onam Formu");
    const b = await tenant("liste-b", "Kısırlaştırma Onamı");
    // A new version with a new title: the earlier consent keeps its own version's title.
    const first = await consent(a, { adsoyad: "Ayşe Yılmaz" });
    await updateTemplate(a, "genel", { baslik: "Diş Çekimi Onam Formu (2)", yayimla: true }, "test");
    const second = await consent(a, { adsoyad: "Ali Veli" });
    await consent(b);

    const list = await listPanelConsents(a, { limit: "20", offset: "0" });
    expect(list.count).toBe(2);
    expect(list.data.map((c) => [c.id, c.template_title])).toEqual([
      [second.id, "Diş Çekimi Onam Formu (2)"],
      [first.id, "Diş Çekimi Onam Formu"],
    ]);
    expect(await getConsentTemplateTitle(a, first.id)).toBe("Diş Çekimi Onam Formu");
    // Another tenant's consent id answers nothing, not its title.
    const other = (await listPanelConsents(b, { limit: "20", offset: "0" })).data[0]!;
    expect(other.template_title).toBe("Kısırlaştırma Onamı");
    expect(await getConsentTemplateTitle(a, other.id)).toBeNull();
  });

  it("names actors from the tenant's own users and API keys, never another tenant's", async () => {
    const a = (await db().tenant.findUniqueOrThrow({ where: { code: "liste-a" }, select: { id: true } })).id;
    const b = (await db().tenant.findUniqueOrThrow({ where: { code: "liste-b" }, select: { id: true } })).id;
    const named = await createUser({ tenantId: a, email: "hekim@a.test", password: "Parola-uzun-123456", role: "staff", name: "Dr. Ayşe Kaya" });
    const unnamed = await createUser({ tenantId: a, email: "sekreter@a.test", password: "Parola-uzun-123456", role: "staff" });
    const stranger = await createUser({ tenantId: b, email: "baska@b.test", password: "Parola-uzun-123456", role: "owner", name: "Başka Kişi" });
    const key = await createApiKey({ tenantId: a, name: "HBYS entegrasyonu", scopes: ["onam:oku"] });
    const otherKey = await createApiKey({ tenantId: b, name: "Başka anahtar", scopes: ["onam:oku"] });

    const names = await resolveActorNames(a, [`panel:${named.id}`, `panel:${unnamed.id}`, `panel:${stranger.id}`, `api:${key.id}`, `api:${otherKey.id}`, "signer", "system"]);
    expect(Object.fromEntries(names)).toEqual({
      [`panel:${named.id}`]: "Dr. Ayşe Kaya",
      [`panel:${unnamed.id}`]: "sekreter@a.test",
      [`api:${key.id}`]: "HBYS entegrasyonu",
    });
    expect((await resolveActorNames(a, [])).size).toBe(0);
  });

  it("filters by template, language, physician and procedure (matched on the decrypted text), bad values named", async () => {
    const a = (await db().tenant.findUniqueOrThrow({ where: { code: "liste-a" }, select: { id: true } })).id;
    const b = (await db().tenant.findUniqueOrThrow({ where: { code: "liste-b" }, select: { id: true } })).id;
    await createTemplate(a, { kod: "implant", baslik: "İmplant Onamı", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
    const x = await consent(a, { hekim: "Dr. Ayşe Öztürk", islem: "İmplant uygulaması" });
    const y = await createConsent(a, { sablon_kod: "implant", adsoyad: "Can Er", telefon: "05331112244", sms_gonder: false, hekim: "Dr. Ayşe Öztürk", islem: "Kanal" }, origin);
    await consent(b, { hekim: "Dr. Ayşe Öztürk", islem: "İmplant" });
    const ids = async (q: Record<string, string>) => (await listPanelConsents(a, { limit: "50", offset: "0", ...q })).data.map((c) => c.id).sort();

    expect(await ids({ physician: "ozturk" })).toEqual([x.id, y.id].sort());
    expect(await ids({ physician: "ozturk", template: "implant" })).toEqual([y.id]);
    expect(await ids({ procedure: "IMPLANT" })).toEqual([x.id]);
    expect(await ids({ procedure: "implant", language: "en" })).toEqual([]);
    expect(await ids({ language: "tr", physician: "öztürk", procedure: "kanal" })).toEqual([y.id]);
    for (const [q, field] of [
      [{ template: "<x>" }, "template"],
      [{ language: "xx" }, "language"],
      [{ physician: "a".repeat(201) }, "physician"],
      [{ from: "2026-02-30" }, "from"],
    ] as const) {
      await expect(listPanelConsents(a, { limit: "20", offset: "0", ...q })).rejects.toMatchObject({ code: "validation_failed", errors: { [field]: expect.any(Array) } });
    }
  });

  it("exports the tenant's filtered consents as CSV with a BOM: masked identifiers, no name, physician or procedure", async () => {
    const a = (await db().tenant.findUniqueOrThrow({ where: { code: "liste-a" }, select: { id: true } })).id;
    const csv = await exportConsentsCsv(a, { physician: "ozturk" });
    expect(csv.body.startsWith("\uFEFF" + CSV_COLUMNS.join(",") + "\r\n")).toBe(true);
    expect(csv.rows).toBe(2);
    expect(csv.capped).toBe(false);
    expect(csv.body).not.toMatch(/Öztürk|İmplant|Kanal|Deniz|Can Er/);
    expect(csv.body).toContain("+90533*****33");
    // issue #51: Turkish headers, and the status as its status_text (decisions §5), never its code.
    expect(CSV_COLUMNS[0]).toBe("Onam no");
    const statuses = csv.body.split("\r\n").slice(1, -1).map((line) => line.split(",")[1]);
    expect(statuses).toHaveLength(2);
    for (const s of statuses) expect(Object.values(STATUS_TEXT)).toContain(s);
    const b = (await db().tenant.findUniqueOrThrow({ where: { code: "liste-b" }, select: { id: true } })).id;
    const theirs = (await listPanelConsents(b, { limit: "50", offset: "0" })).data.map((c) => c.id);
    for (const id of theirs) expect(csv.body).not.toContain(id);
    expect((await exportConsentsCsv(a, {})).rows).toBe(4);
  });
});
