// The team's starter forms (issue #52) hold to every rule a clinic's own template does: each passes the
// API's schema, the sanitizer leaves its text exactly as written, it names only placeholders it can
// fill, and it has a translation in each of the service's other five languages (decisions §17) with the
// same placeholders, markup and teach-back questions (2–3) as the Turkish, which is plain enough to read.
import { describe, expect, it } from "vitest";
import { TRANSLATION_LANGUAGES } from "@/lib/i18n/languages";
import { placeholdersIn } from "@/lib/templates/variables";
import { createTemplateSchema, sanitizeGovde } from "@/lib/templates/template-schemas";
import { checkPlaceholders } from "@/lib/templates/check-placeholders";
import { readabilityOf } from "@/lib/templates/readability";
import { STARTER_FORMS, type StarterForm } from "./starter-forms";

/** The markup alone, text left out: a translation keeps the Turkish headings, lists and emphasis. */
const tagsOf = (html: string) => html.match(/<\/?[a-z][a-z0-9]*/g) ?? [];
/** Letters only Turkish uses among the Latin-script languages (ç, ö and ü are French or German too). */
const TURKISH_ONLY = /[ğĞıİşŞ]/;
/** Every text of a form in one language: title, body, questions, options and explanations. */
const textsOf = (t: Pick<StarterForm, "baslik" | "govde" | "sorular">) => [t.baslik, t.govde, ...t.sorular.flatMap((x) => [x.soru, ...x.secenekler, x.aciklama ?? ""])];
/** Clause codes, should a starter form carry clauses (decisions §26): a translation keeps the same codes. */
const clauseCodesOf = (x: object) => ((x as { maddeler?: { kod: string }[] }).maddeler ?? []).map((m) => m.kod);
const translationsOf = (form: StarterForm) => TRANSLATION_LANGUAGES.map((l) => [l, form.ceviriler[l]] as const);

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
    for (const [, t] of translationsOf(form)) expect(squash(sanitizeGovde(t.govde))).toBe(squash(t.govde));
    expect(() =>
      checkPlaceholders({
        body: form.govde,
        variables: form.degiskenler.map((v) => ({ name: v.ad })),
        translations: Object.fromEntries(translationsOf(form).map(([l, t]) => [l, { title: t.baslik, body: t.govde }])),
      }),
    ).not.toThrow();
    // Risks and alternatives in both languages, and questions a physician would ask back.
    // The KVKK statement has no clinical risks: it says instead that consent is optional and can be withdrawn.
    expect(form.govde).toMatch(form.kategori === "kvkk" ? /zorunlu değildir.*geri alabilirsiniz/s : /risk.*Seçenekler/s);
    expect(form.sorular.length).toBeGreaterThanOrEqual(2);
    expect(form.sorular.length).toBeLessThanOrEqual(3);
    // Plain Turkish: no starter form is harder than "medium" on Ateşman's scale.
    expect(readabilityOf(form.govde)!.score).toBeGreaterThanOrEqual(50);
  });

  it.each(STARTER_FORMS.map((f) => [f.kod, f] as const))("%s is translated into every language, faithful to the Turkish in form", (_kod, form) => {
    expect(Object.keys(form.ceviriler).sort()).toEqual([...TRANSLATION_LANGUAGES].sort());
    const placeholders = [...new Set(placeholdersIn(form.govde))].sort();
    for (const [language, t] of translationsOf(form)) {
      const where = `${form.kod} ${language}`;
      // Nothing empty, and each title is the body's heading.
      for (const text of textsOf(t)) expect(text.trim(), where).not.toBe("");
      expect(t.govde, where).toContain(`<h2>${t.baslik.replace(/ \(.*\)$/, "")}`);
      // The same {placeholders}, the same markup, the same clause codes.
      expect([...new Set(placeholdersIn(t.govde))].sort(), where).toEqual(placeholders);
      expect(tagsOf(t.govde), where).toEqual(tagsOf(form.govde));
      expect(clauseCodesOf(t), where).toEqual(clauseCodesOf(form));
      // The same questions, each with as many options and the same right answer.
      expect(t.sorular.map((x) => [x.secenekler.length, x.dogru, x.aciklama === undefined]), where).toEqual(form.sorular.map((x) => [x.secenekler.length, x.dogru, x.aciklama === undefined]));
      // Written in the language's own script; no Turkish letter left in a Latin-script translation.
      const all = textsOf(t).join("\n");
      if (language === "ar") for (const text of textsOf(t)) expect(text, where).toMatch(/[\u0621-\u064A]{3}/);
      else if (language === "ru") for (const text of textsOf(t)) expect(text, where).toMatch(/[а-яё]{3}/i);
      else expect(all, where).not.toMatch(TURKISH_ONLY);
    }
    // Arabic markup stays neutral: the page and the PDF set the direction, no mark or attribute does.
    expect(form.ceviriler.ar.govde).not.toMatch(/dir=|style=|[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });
});
