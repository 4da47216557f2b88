import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { checkClauses, clausesIn, clausesInputSchema, clausesOf, parseAnsweredClauses, translatedClausesInputSchema } from "./clauses";

const tr = [
  { code: "kvkk", text: "KVKK metnini okudum.", required: true },
  { code: "foto", text: "Fotoğraf izni.", required: false },
];

function fieldsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return Object.keys(err.errors ?? {});
    throw err;
  }
  return [];
}

describe("clauses", () => {
  it("reads the request shape into the stored one, zorunlu false unless given", () => {
    expect(clausesInputSchema.parse([{ kod: "a", metin: "  bir   madde ", zorunlu: true }, { kod: "b", metin: "iki" }])).toEqual([
      { code: "a", text: "bir madde", required: true },
      { code: "b", text: "iki", required: false },
    ]);
    expect(clausesInputSchema.parse(null)).toEqual([]);
    expect(translatedClausesInputSchema.parse([{ kod: "a", metin: "one" }])).toEqual([{ code: "a", text: "one" }]);
  });

  it("refuses a duplicate code, more than 20 clauses and bad codes", () => {
    expect(clausesInputSchema.safeParse([{ kod: "a", metin: "x" }, { kod: "A", metin: "y" }]).error?.issues[0]?.path).toEqual([1, "kod"]);
    expect(clausesInputSchema.safeParse(Array.from({ length: 21 }, (_, i) => ({ kod: `m${i}`, metin: "x" }))).success).toBe(false);
    expect(clausesInputSchema.safeParse([{ kod: "a b", metin: "x" }]).success).toBe(false);
  });

  it("gives each translation the Turkish codes' required flag and order, or names the translation", () => {
    const en = [
      { code: "foto", text: "Photo consent." },
      { code: "kvkk", text: "I read the notice." },
    ];
    expect(checkClauses(clausesOf({ maddeler: tr, ceviriler: { en: { maddeler: en } } }), ["en"])).toEqual({
      tr,
      en: [
        { code: "kvkk", text: "I read the notice.", required: true },
        { code: "foto", text: "Photo consent.", required: false },
      ],
    });
    expect(fieldsOf(() => checkClauses(clausesOf({ maddeler: tr, ceviriler: { en: { maddeler: [en[0]!] } } }), ["en"]))).toEqual(["ceviriler.en.maddeler"]);
    expect(fieldsOf(() => checkClauses(clausesOf({ maddeler: tr, ceviriler: { de: {} } }), ["de"]))).toEqual(["ceviriler.de.maddeler"]);
    const optional = en.map((c) => ({ ...c, required: false }));
    expect(fieldsOf(() => checkClauses(clausesOf({ maddeler: tr, ceviriler: { en: { maddeler: optional } } }), ["en"]))).toEqual(["ceviriler.en.maddeler"]);
    // A dropped translation's clauses go with it.
    expect(checkClauses(clausesOf({ maddeler: tr }, { en: tr }), [])).toEqual({ tr });
  });

  it("shows a consent its own language's clauses and reads answered clauses defensively", () => {
    expect(clausesIn("en", { tr, en: [{ ...tr[0]!, text: "EN" }] })).toEqual([{ ...tr[0]!, text: "EN" }]);
    expect(clausesIn("de", { tr })).toEqual(tr);
    expect(clausesIn("tr", "nonsense")).toEqual([]);
    expect(parseAnsweredClauses(null)).toBeNull();
    expect(parseAnsweredClauses([{ ...tr[0]!, accepted: true }, { code: 1 }])).toEqual([{ ...tr[0]!, accepted: true }]);
  });
});
