import { describe, expect, it } from "vitest";
import { createTemplateSchema, questionsOf, updateTemplateSchema } from "./template-schemas";
import { countQuestions, parseStoredQuestions, questionsIn } from "./questions";

const base = { kod: "k", baslik: "B", govde: "<p>x</p>" };
const q = (extra: Record<string, unknown> = {}) => ({ soru: "Ameliyattan önce ne kadar aç kalmalısınız?", secenekler: ["2 saat", "8 saat"], dogru: 1, ...extra });

function errors(input: unknown, schema: typeof createTemplateSchema | typeof updateTemplateSchema = createTemplateSchema) {
  const r = schema.safeParse(input);
  return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("sorular (decisions §22)", () => {
  it("accepts 1–10 questions and stores them in the served shape, text on one line", () => {
    const r = createTemplateSchema.parse({ ...base, sorular: [q({ soru: "  Aç \n kalma?  ", aciklama: "Metnin 2. bölümü." })] });
    expect(r.sorular).toEqual([{ question: "Aç kalma?", options: ["2 saat", "8 saat"], correct: 1, explanation: "Metnin 2. bölümü." }]);
    expect(createTemplateSchema.parse(base).sorular).toBeUndefined();
  });

  it("names the field of each bad question", () => {
    expect(errors({ ...base, sorular: [q(), q(), q(), q({ dogru: undefined })] })).toEqual({ "sorular.3.dogru": "zorunlu alan" });
    expect(errors({ ...base, sorular: [q({ dogru: 2 })] })).toEqual({ "sorular.0.dogru": "seçeneklerden birinin sırası olmalı (0–1)" });
    expect(errors({ ...base, sorular: [q({ dogru: -1 })] })).toHaveProperty(["sorular.0.dogru"]);
    expect(errors({ ...base, sorular: [q({ dogru: 0.5 })] })).toHaveProperty(["sorular.0.dogru"]);
    expect(errors({ ...base, sorular: [q({ secenekler: ["tek"], dogru: 0 })] })).toEqual({ "sorular.0.secenekler": "en az 2 seçenek olmalı" });
    expect(errors({ ...base, sorular: [q({ secenekler: ["a", "b", "c", "d", "e", "f"] })] })).toEqual({ "sorular.0.secenekler": "en çok 5 seçenek olmalı" });
    expect(errors({ ...base, sorular: [q({ secenekler: ["Evet", "evet"] })] })).toEqual({ "sorular.0.secenekler.1": "aynı seçenek iki kez yazılmış" });
    expect(errors({ ...base, sorular: Array.from({ length: 11 }, () => q()) })).toEqual({ sorular: "en çok 10 soru olmalı" });
    expect(errors({ ...base, sorular: [q({ soru: "x".repeat(501) })] })).toEqual({ "sorular.0.soru": "en çok 500 karakter olmalı" });
    expect(errors({ ...base, sorular: [q({ secenekler: ["a", "b".repeat(201)] })] })).toEqual({ "sorular.0.secenekler.1": "en çok 200 karakter olmalı" });
    expect(errors({ ...base, sorular: [q({ aciklama: "a".repeat(1001) })] })).toEqual({ "sorular.0.aciklama": "en çok 1000 karakter olmalı" });
    expect(errors({ ...base, sorular: [q({ soru: "   " })] })).toEqual({ "sorular.0.soru": "boş olamaz" });
    expect(errors({ ...base, sorular: "x" })).toEqual({ sorular: "dizi olmalı" });
  });

  it("takes each translation's questions under ceviriler.<dil>.sorular", () => {
    const tr = { ...base, ceviriler: { en: { baslik: "T", govde: "<p>y</p>", sorular: Array.from({ length: 11 }, () => q()) } } };
    expect(errors(tr)).toEqual({ "ceviriler.en.sorular": "en çok 10 soru olmalı" });
  });

  it("keeps what a PUT leaves out and replaces what it gives", () => {
    const current = { tr: [{ question: "a", options: ["x", "y"], correct: 0 }], en: [{ question: "b", options: ["x", "y"], correct: 1 }] };
    expect(questionsOf(updateTemplateSchema.parse({}), current)).toEqual(current);
    expect(questionsOf(updateTemplateSchema.parse({ sorular: [] }), current)).toEqual({ en: current.en });
    expect(questionsOf(updateTemplateSchema.parse({ ceviriler: { en: { baslik: "T", govde: "<p>y</p>" } } }), current)).toEqual({ tr: current.tr });
  });

  it("reads the column defensively and counts per language", () => {
    const stored = { tr: [{ correct: 1, options: ["x", "y"], question: "a" }, { question: "bad", options: ["x"], correct: 3 }], xx: [{}], en: "no" };
    expect(parseStoredQuestions(stored)).toEqual({ tr: [{ question: "a", options: ["x", "y"], correct: 1 }] });
    expect(questionsIn("en", stored)).toEqual([]);
    expect(countQuestions(["tr", "en"], stored)).toEqual({ tr: 1, en: 0 });
  });
});
