// One rule for every message table of the service (decisions §17): Turkish is the reference, and
// every other language a table offers has every Turkish key, of the same kind (text, function,
// group), none of them empty. TypeScript checks the same through each table's type; this catches
// what a type cannot (an empty string, a table assembled with a cast).
import { describe, expect, it } from "vitest";
import { messages as signing } from "@/components/signing/messages";
import { messages as verify } from "@/components/verify/messages";
import { panelMessages as panel } from "@/components/panel/messages";
import { PDF_LABELS as pdf } from "@/lib/documents/pdf-labels";

type Table = Record<string, unknown>;

function shape(table: Table, prefix = ""): [string, string][] {
  return Object.entries(table).flatMap(([k, v]): [string, string][] =>
    typeof v === "object" && v !== null && !Array.isArray(v) ? shape(v as Table, `${prefix}${k}.`) : [[`${prefix}${k}`, Array.isArray(v) ? "array" : typeof v]],
  );
}

function emptyTexts(table: Table, prefix = ""): string[] {
  return Object.entries(table).flatMap(([k, v]) =>
    typeof v === "string" ? (v.trim() === "" ? [`${prefix}${k}`] : []) : typeof v === "object" && v !== null ? emptyTexts(v as Table, `${prefix}${k}.`) : [],
  );
}

const TABLES: [string, Record<string, object>][] = [
  ["signing pages", signing],
  ["verification page", verify],
  ["panel", panel],
  ["consent PDF", pdf],
];

describe.each(TABLES)("the %s message table", (_, tables) => {
  const languages = Object.keys(tables).filter((l) => l !== "tr");
  it("has Turkish, the reference", () => expect(tables.tr).toBeDefined());
  it.each(languages)("%s has every Turkish key, of the same kind", (lang) => {
    expect(shape(tables[lang] as Table).sort()).toEqual(shape(tables.tr as Table).sort());
  });
  it.each(Object.keys(tables))("%s has no empty text", (lang) => {
    expect(emptyTexts(tables[lang] as Table)).toEqual([]);
  });
});
