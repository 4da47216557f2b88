// Copying a starter form (issue #52) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// a draft under the form's code, then `<kod>-2`; the text, variables, all five translations and every
// language's questions copied; logged; an unknown form is not found. Publishing publishes every
// translation (each with its own digest) and stores the Ateşman score of the Turkish with the version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("tplstarter");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { copyStarterTemplate } = await import("@/lib/templates/copy-starter-template");
const { updateTemplate } = await import("@/lib/templates/update-template");
const { getTemplateOrThrow } = await import("@/lib/templates/get-template");
const { getTemplateWorkingCopyOrThrow } = await import("@/lib/templates/get-template-working-copy");
const { listPanelActions } = await import("@/lib/users/panel-audit");
const { readabilityOf } = await import("@/lib/templates/readability");
const { IMPLANT, EXTRACTION } = await import("@/lib/templates/starter/dental");
const { sha256Hex } = await import("@/lib/crypto");
const { TRANSLATION_LANGUAGES } = await import("@/lib/i18n/languages");

let tenantId: string;
let otherTenantId: string;

beforeAll(async () => {
  await prepareDb();
  tenantId = (await createTenant({ code: "hazir", name: "Hazır Form Kliniği" })).id;
  otherTenantId = (await createTenant({ code: "hazir-diger", name: "Diğer Klinik" })).id;
});
afterAll(() => testDb.cleanup());

describe("copyStarterTemplate", () => {
  it("makes a draft under the form's code, then the next free one, each logged", async () => {
    expect(await copyStarterTemplate(tenantId, "implant", "usr_test")).toEqual({ code: "implant" });
    expect(await copyStarterTemplate(tenantId, "implant", "usr_test")).toEqual({ code: "implant-2" });
    // Another tenant's copies do not take its codes.
    expect(await copyStarterTemplate(otherTenantId, "implant", "usr_other")).toEqual({ code: "implant" });

    const copy = await getTemplateWorkingCopyOrThrow(tenantId, "implant-2");
    expect(copy).toMatchObject({ title: IMPLANT.baslik, category: "dis", type: "onam", latestVersion: 0, hasDraft: true, active: true });
    expect(copy.body).toBe(IMPLANT.govde);
    expect(copy.variables).toEqual([{ name: "dis_no", label: "İmplant bölgesi (diş numarası)", type: "metin", required: true }]);
    expect(copy.translations.en).toMatchObject({ title: "Dental Implant Consent Form", body: IMPLANT.ceviriler.en.govde });
    expect(copy.questions.tr).toHaveLength(3);
    expect(copy.questions.en?.[0]).toMatchObject({ question: "What lowers an implant's success the most?", correct: 0 });
    // decisions §17: every translation the form has, with its own questions.
    for (const l of TRANSLATION_LANGUAGES) {
      expect(copy.translations[l], l).toMatchObject({ title: IMPLANT.ceviriler[l].baslik, body: IMPLANT.ceviriler[l].govde });
      expect(copy.questions[l]?.map((x) => x.question), l).toEqual(IMPLANT.ceviriler[l].sorular.map((x) => x.soru));
    }

    const log = await listPanelActions(tenantId);
    expect(log.filter((e) => e.action === "template.starter_copy").map((e) => e.target)).toEqual(["implant-2", "implant"]);
  });

  it("refuses an unknown form with not_found", async () => {
    await expect(copyStarterTemplate(tenantId, "yok-boyle", "usr_test")).rejects.toMatchObject({ code: "not_found" });
  });

  it("stores the Turkish text's readability with the published version, and the detail shows it", async () => {
    await copyStarterTemplate(tenantId, "dis-cekimi", "usr_test");
    const draft = await getTemplateOrThrow(tenantId, "dis-cekimi");
    expect(draft.readability).toBe(readabilityOf(draft.body)!.score);
    await updateTemplate(tenantId, "dis-cekimi", { yayimla: true }, "panel:usr_test");
    // The first version publishes all six languages, each with the digest of its own text.
    const published = await getTemplateOrThrow(tenantId, "dis-cekimi");
    expect(published.languages).toEqual(["tr", "en", "ar", "de", "ru", "fr"]);
    expect(published.content_hashes).toEqual({ tr: sha256Hex(EXTRACTION.govde), ...Object.fromEntries(TRANSLATION_LANGUAGES.map((l) => [l, sha256Hex(EXTRACTION.ceviriler[l].govde)])) });
    await updateTemplate(tenantId, "dis-cekimi", { govde: "<p>Genel anestezi uygulanmasını takiben bulantı, kusma ve boğaz ağrısı gelişebilir.</p>", yayimla: true }, "panel:usr_test");
    const rows = await db().templateVersion.findMany({ where: { tenantId, template: { code: "dis-cekimi" } }, select: { version: true, readability: true }, orderBy: { version: "asc" } });
    // Version 2 is the sentence of readability.test.ts: 198.825 − 40.175 × 31/10 − 2.610 × 10 = 48.1825 → 48.2
    expect(rows).toEqual([
      { version: 1, readability: readabilityOf(draft.body)!.score },
      { version: 2, readability: 48.2 },
    ]);
    expect((await getTemplateOrThrow(tenantId, "dis-cekimi")).readability).toBe(48.2);
  });
});
