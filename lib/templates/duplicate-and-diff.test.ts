// Duplicating a template and comparing two of its versions on a real database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): the copy is a draft with the published version's content and no history,
// logged in the panel's action log; a taken code is a field error; another tenant's template is not
// found; the diff names what changed between versions and refuses versions that do not exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("tplcopy");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { updateTemplate } = await import("@/lib/templates/update-template");
const { duplicateTemplate } = await import("@/lib/templates/duplicate-template");
const { diffTemplateVersions } = await import("@/lib/templates/diff-template-versions");
const { getTemplateWorkingCopyOrThrow } = await import("@/lib/templates/get-template-working-copy");
const { listPanelActions } = await import("@/lib/users/panel-audit");

let tenantId: string;
let otherTenantId: string;
const question = { soru: "Kaç saat aç kalmalısınız?", secenekler: ["Hiç", "8 saat"], dogru: 1, aciklama: "Metinde yazıyor." };

beforeAll(async () => {
  await prepareDb();
  tenantId = (await createTenant({ code: "kopya", name: "Kopya Kliniği" })).id;
  otherTenantId = (await createTenant({ code: "kopya-diger", name: "Diğer Klinik" })).id;
  await createTemplate(
    tenantId,
    {
      kod: "implant",
      baslik: "İmplant Onamı",
      kategori: "dis",
      govde: "<p>Sayın {adsoyad}, {dis_no} numaralı dişe implant uygulanacaktır.</p><ul><li>Ağrı olabilir</li></ul>",
      degiskenler: [{ ad: "dis_no", etiket: "Diş numarası", tip: "sayi", zorunlu: true }],
      sorular: [question],
      ceviriler: { en: { baslik: "Implant Consent", govde: "<p>Dear {adsoyad}, tooth {dis_no}.</p>" } },
      yayimla: true,
    },
    "panel:usr_test",
  );
  // Version 2: other words, a new variable, another question, Arabic added, English changed.
  await updateTemplate(
    tenantId,
    "implant",
    {
      baslik: "İmplant Tedavisi Onamı",
      govde: "<p>Sayın {adsoyad}, {dis_no} numaralı dişe {marka} implant uygulanacaktır.</p><ul><li>Ağrı ve şişlik olabilir</li></ul>",
      degiskenler: [
        { ad: "dis_no", etiket: "Diş no", tip: "sayi", zorunlu: true },
        { ad: "marka", etiket: "Marka", tip: "metin", zorunlu: false },
      ],
      sorular: [{ ...question, secenekler: ["Hiç", "12 saat"] }],
      ceviriler: {
        en: { baslik: "Implant Consent", govde: "<p>Dear {adsoyad}, tooth {dis_no}, brand {marka}.</p>" },
        ar: { baslik: "موافقة", govde: "<p>عزيزي {adsoyad}</p>" },
      },
      yayimla: true,
    },
    "panel:usr_test",
  );
  // A draft on top: the copy takes the published version 2, not this.
  await updateTemplate(tenantId, "implant", { govde: "<p>Taslak {adsoyad}</p>" }, "panel:usr_test");
});
afterAll(() => testDb.cleanup());

describe("duplicateTemplate", () => {
  it("makes a draft from the published version, without versions or recordings, and logs it", async () => {
    expect(await duplicateTemplate(tenantId, "implant", { kod: "implant-2", baslik: "İmplant Tedavisi Onamı (kopya)" }, "usr_admin")).toEqual({ code: "implant-2", fromVersion: 2 });
    const copy = await getTemplateWorkingCopyOrThrow(tenantId, "implant-2");
    expect(copy).toMatchObject({ code: "implant-2", title: "İmplant Tedavisi Onamı (kopya)", category: "dis", type: "onam", active: true, hasDraft: true, latestVersion: 0 });
    expect(copy.body).toContain("{marka} implant");
    expect(copy.variables.map((v) => v.name)).toEqual(["dis_no", "marka"]);
    expect(copy.translations).toEqual({
      en: { title: "Implant Consent", body: "<p>Dear {adsoyad}, tooth {dis_no}, brand {marka}.</p>" },
      ar: { title: "موافقة", body: "<p>عزيزي {adsoyad}</p>" },
    });
    expect(copy.questions.tr?.[0]?.options).toEqual(["Hiç", "12 saat"]);
    const row = await db().template.findFirstOrThrow({ where: { tenantId, code: "implant-2" }, select: { id: true, _count: { select: { versions: true, audio: true, consents: true } } } });
    expect(row._count).toEqual({ versions: 0, audio: 0, consents: 0 });
    const [entry] = await listPanelActions(tenantId, 1);
    expect(entry).toMatchObject({ action: "template.duplicate", target: "implant-2", detail: { from: "implant", version: 2 } });
  });

  it("copies the working copy of a template never published", async () => {
    await createTemplate(tenantId, { kod: "taslak", baslik: "Taslak", govde: "<p>yalnız taslak</p>" }, "panel:usr_test");
    expect(await duplicateTemplate(tenantId, "taslak", { kod: "taslak-2", baslik: "Taslak (kopya)" }, "usr_admin")).toEqual({ code: "taslak-2", fromVersion: 0 });
    expect((await getTemplateWorkingCopyOrThrow(tenantId, "taslak-2")).body).toBe("<p>yalnız taslak</p>");
  });

  it("refuses a taken code and bad input as field errors, and another tenant's template as not found", async () => {
    await expect(duplicateTemplate(tenantId, "implant", { kod: "implant-2", baslik: "x" }, "usr_admin")).rejects.toMatchObject({
      code: "validation_failed",
      errors: { kod: ["bu kodla bir şablon zaten var; başka bir kod yazın"] },
    });
    await expect(duplicateTemplate(tenantId, "implant", { kod: "kötü kod", baslik: " " }, "usr_admin")).rejects.toMatchObject({
      code: "validation_failed",
      errors: { kod: [expect.any(String)], baslik: ["boş olamaz"] },
    });
    await expect(duplicateTemplate(otherTenantId, "implant", { kod: "calinti", baslik: "x" }, "usr_admin")).rejects.toMatchObject({ code: "not_found" });
    expect(await db().template.count({ where: { code: "calinti" } })).toBe(0);
  });
});

describe("diffTemplateVersions", () => {
  it("names what changed from version 1 to 2: title, words, variables, questions, languages", async () => {
    const d = await diffTemplateVersions(tenantId, "implant", { a: "1", b: "2" });
    expect([d.a.version, d.b.version]).toEqual([1, 2]);
    const changed = (parts: { kind: string; value: string }[]) => parts.filter((p) => p.kind !== "same").map((p) => `${p.kind === "added" ? "+" : "-"}${p.value.trim()}`);
    const tr = d.texts.find((t) => t.language === "tr")!;
    expect(changed(tr.title)).toEqual(["+Tedavisi"]);
    expect(changed(tr.text)).toEqual(["+{marka}", "+ve şişlik"]);
    expect(tr.html.some((p) => p.kind === "added" && p.value.includes("{marka} implant"))).toBe(true);
    expect(d.texts.map((t) => [t.language, t.presence, t.changed])).toEqual([
      ["tr", "both", true],
      ["en", "both", true],
      ["ar", "added", true],
    ]);
    expect(d.variables).toEqual([
      { kind: "changed", name: "dis_no", from: expect.objectContaining({ label: "Diş numarası" }), to: expect.objectContaining({ label: "Diş no" }) },
      { kind: "added", name: "marka", to: expect.objectContaining({ label: "Marka" }) },
    ]);
    expect(d.questions.map((q) => [q.language, changed(q.diff)])).toEqual([["tr", ["-✓ 8 saat", "+✓ 12 saat"]]]);
    expect(d.fields).toEqual([]);
    // Backwards works too: b before a.
    expect(changed((await diffTemplateVersions(tenantId, "implant", { a: 2, b: 1 })).texts[0]!.title)).toEqual(["-Tedavisi"]);
  });

  it("names the version's other fields that changed (category, the wet and the physician's signatures), and no text that did not", async () => {
    const body = "<p>Sayın {adsoyad}, işlem anlatılmıştır.</p>";
    await createTemplate(tenantId, { kod: "alanlar", baslik: "Alanlar", kategori: "genel", govde: body, yayimla: true }, "panel:usr_test");
    await updateTemplate(tenantId, "alanlar", { kategori: "cerrahi", islak_imza: true, hekim_imzasi: true, yayimla: true }, "panel:usr_test");
    const d = await diffTemplateVersions(tenantId, "alanlar", { a: "1", b: "2" });
    expect(d.fields).toEqual([
      { field: "category", from: "genel", to: "cerrahi" },
      { field: "wetSignatureRequired", from: false, to: true },
      { field: "physicianCountersign", from: false, to: true },
    ]);
    expect(d.texts.map((t) => [t.language, t.changed])).toEqual([["tr", false]]);
    expect([d.variables, d.questions]).toEqual([[], []]);
  });

  it("refuses missing, equal, malformed and unpublished versions with field errors, another tenant's template as not found", async () => {
    const refused = (query: unknown, code = "implant") => diffTemplateVersions(tenantId, code, query).catch((e: { code: string; errors?: unknown }) => [e.code, e.errors]);
    expect(await refused({})).toEqual(["validation_failed", { a: ["karşılaştırılacak eski sürümü seçin"], b: ["karşılaştırılacak yeni sürümü seçin"] }]);
    expect(await refused({ a: "2", b: "2" })).toEqual(["validation_failed", { b: ["iki farklı sürüm seçin"] }]);
    expect(await refused({ a: "x", b: "1.5" })).toMatchObject(["validation_failed", { a: [expect.any(String)], b: ["yeni sürüm bir tam sayı olmalı"] }]);
    expect(await refused({ a: "1", b: "9" })).toEqual(["validation_failed", { b: ["sürüm 9 yok; bu şablonun sürümleri 1–2"] }]);
    expect(await refused({ a: "1", b: "2" }, "taslak")).toEqual(["validation_failed", { a: ["sürüm 1 yok; bu şablonun yayımlanmış sürümü yok"], b: ["sürüm 2 yok; bu şablonun yayımlanmış sürümü yok"] }]);
    await expect(diffTemplateVersions(otherTenantId, "implant", { a: "1", b: "2" })).rejects.toMatchObject({ code: "not_found" });
  });
});
