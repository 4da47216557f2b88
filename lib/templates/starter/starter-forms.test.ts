// The team's starter forms (issue #52) hold to every rule a clinic's own template does: each passes the
// API's schema, the sanitizer leaves its text exactly as written, it names only placeholders it can
// fill, and it has an English translation with the same teach-back questions (2–3), plain enough to read.
import { describe, expect, it } from "vitest";
import { createTemplateSchema, sanitizeGovde } from "@/lib/templates/template-schemas";
import { checkPlaceholders } from "@/lib/templates/check-placeholders";
import { readabilityOf } from "@/lib/templates/readability";
import { STARTER_FORMS } from "./starter-forms";

describe("starter forms", () => {
  it("are the nine the gallery promises, each code once", () => {
    expect(STARTER_FORMS.map((f) => f.kod)).toEqual([
      "genel-tibbi-girisim",
      "dis-cekimi",
      "implant",
      "kanal-tedavisi",
      "anestezi",
      "kan-transfuzyonu",
      "estetik-islem",
      "veteriner-cerrahi",
      "kvkk-acik-riza",
    ]);
  });

  it.each(STARTER_FORMS.map((f) => [f.kod, f] as const))("%s is a valid template, unchanged by the sanitizer", (_kod, form) => {
    const { ozet: _summary, ...request } = form;
    const parsed = createTemplateSchema.safeParse(request);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const squash = (html: string) => html.replace(/\n/g, "");
    expect(squash(sanitizeGovde(form.govde))).toBe(squash(form.govde));
    expect(squash(sanitizeGovde(form.ceviriler.en.govde))).toBe(squash(form.ceviriler.en.govde));
    expect(() =>
      checkPlaceholders({
        body: form.govde,
        variables: form.degiskenler.map((v) => ({ name: v.ad })),
        translations: { en: { title: form.ceviriler.en.baslik, body: form.ceviriler.en.govde } },
      }),
    ).not.toThrow();
    // Risks and alternatives in both languages, and questions a physician would ask back.
    // The KVKK statement has no clinical risks: it says instead that consent is optional and can be withdrawn.
    expect(form.govde).toMatch(form.kategori === "kvkk" ? /zorunlu değildir.*geri alabilirsiniz/s : /risk.*Seçenekler/s);
    expect(form.sorular.length).toBeGreaterThanOrEqual(2);
    expect(form.sorular.length).toBeLessThanOrEqual(3);
    expect(form.ceviriler.en.sorular.map((q) => q.dogru)).toEqual(form.sorular.map((q) => q.dogru));
    // Plain Turkish: no starter form is harder than "medium" on Ateşman's scale.
    expect(readabilityOf(form.govde)!.score).toBeGreaterThanOrEqual(50);
  });
});
