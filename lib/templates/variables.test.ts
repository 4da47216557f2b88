import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "@/lib/errors";
import { createTemplateSchema, updateTemplateSchema } from "@/lib/templates/template-schemas";
import {
  BUILTIN_PLACEHOLDERS,
  checkVariableValue,
  parseStoredVariables,
  placeholdersIn,
  variablesInputSchema,
} from "@/lib/templates/variables";

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? {} : fieldErrors(result.error);
}

describe("variablesInputSchema", () => {
  it("maps the request shape to the served shape, with defaults", () => {
    const out = variablesInputSchema.parse([
      { ad: "doz" },
      { ad: "girisim_tarihi", etiket: "Girişim tarihi", tip: "tarih", zorunlu: true, varsayilan: "2026-02-28" },
      { ad: "adet", etiket: "  ", tip: "sayi", varsayilan: 12 },
    ]);
    expect(out).toEqual([
      { name: "doz", label: "doz", type: "metin", required: false },
      { name: "girisim_tarihi", label: "Girişim tarihi", type: "tarih", required: true, default: "2026-02-28" },
      { name: "adet", label: "adet", type: "sayi", required: false, default: "12" },
    ]);
    expect(Object.keys(out[1]!)).toEqual(["name", "label", "type", "required", "default"]);
    expect("default" in out[0]!).toBe(false);
  });

  it("ignores unknown fields of an item", () => {
    expect(variablesInputSchema.parse([{ ad: "x", renk: "mavi" }])).toEqual([
      { name: "x", label: "x", type: "metin", required: false },
    ]);
  });

  it("rejects bad names", () => {
    for (const ad of ["1abc", "a-b", "çay", "", "a b", "x".repeat(65), " x"]) {
      expect(Object.keys(errorsOf(variablesInputSchema, [{ ad }]))).toEqual(["0.ad"]);
    }
    expect(variablesInputSchema.safeParse([{ ad: "_ok_1" }, { ad: "x".repeat(64) }]).success).toBe(true);
  });

  it("rejects an unknown type and non-boolean zorunlu", () => {
    const errors = errorsOf(variablesInputSchema, [{ ad: "a", tip: "tarihsaat", zorunlu: "evet" }]);
    expect(Object.keys(errors).sort()).toEqual(["0.tip", "0.zorunlu"]);
  });

  it("validates varsayilan against the type", () => {
    expect(Object.keys(errorsOf(variablesInputSchema, [{ ad: "a", tip: "sayi", varsayilan: "on iki" }]))).toEqual(["0.varsayilan"]);
    expect(Object.keys(errorsOf(variablesInputSchema, [{ ad: "a", tip: "tarih", varsayilan: "2026-02-30" }]))).toEqual(["0.varsayilan"]);
    expect(Object.keys(errorsOf(variablesInputSchema, [{ ad: "a", tip: "tarih", varsayilan: "30.01.2026" }]))).toEqual(["0.varsayilan"]);
    expect(variablesInputSchema.parse([{ ad: "a", tip: "sayi", varsayilan: "12.5" }])[0]?.default).toBe("12.5");
  });

  it("takes `default`, the served name, as an alias of varsayilan, checked the same way", () => {
    expect(variablesInputSchema.parse([{ ad: "a", tip: "sayi", default: 3 }])[0]?.default).toBe("3");
    expect(variablesInputSchema.parse([{ ad: "a", varsayilan: "tr", default: "en" }])[0]?.default).toBe("tr");
    expect(Object.keys(errorsOf(variablesInputSchema, [{ ad: "a", tip: "sayi", default: "on iki" }]))).toEqual(["0.default"]);
  });

  it("treats an empty or null varsayilan as no default", () => {
    const out = variablesInputSchema.parse([{ ad: "a", varsayilan: "" }, { ad: "b", tip: "sayi", varsayilan: null }]);
    expect(out.every((v) => !("default" in v))).toBe(true);
  });

  it("rejects duplicate names, keyed by index", () => {
    const errors = errorsOf(variablesInputSchema, [{ ad: "doz" }, { ad: "doz" }, { ad: "adsoyad" }]);
    expect(Object.keys(errors)).toEqual(["1.ad"]);
    expect(errors["1.ad"]?.[0]).toContain("birden fazla");
  });

  it("reports duplicates even when another item fails too", () => {
    const errors = errorsOf(variablesInputSchema, [{ ad: "a" }, { ad: "1kötü" }, { ad: "a", tip: "sayi", varsayilan: "x" }]);
    expect(Object.keys(errors).sort()).toEqual(["1.ad", "2.ad", "2.varsayilan"]);
  });

  it("accepts every built-in placeholder as a declared variable", () => {
    for (const ad of BUILTIN_PLACEHOLDERS) expect(variablesInputSchema.parse([{ ad, zorunlu: true }])[0]?.name).toBe(ad);
  });

  it("rejects a non-array and non-object items", () => {
    expect(Object.keys(errorsOf(variablesInputSchema, { ad: "a" }))).toEqual(["_"]);
    expect(Object.keys(errorsOf(variablesInputSchema, [null]))).toEqual(["0"]);
  });
});

describe("template request schemas", () => {
  const valid = { kod: "genel-onam", baslik: "Genel Onam", govde: "<p>{adsoyad}</p>" };

  it("applies the documented defaults and ignores unknown fields", () => {
    expect(createTemplateSchema.parse({ ...valid, bilinmeyen: 1 })).toEqual({
      ...valid,
      kategori: "genel",
      yayimla: false,
      degiskenler: [],
      tur: "onam",
      aktif: true,
      islak_imza: false,
      // decisions §19
      hekim_imzasi: false,
      // decisions §17
      ceviriler: {},
    });
  });

  it("keys variable errors as degiskenler.<index>.<field>", () => {
    const errors = errorsOf(createTemplateSchema, { ...valid, degiskenler: [{ ad: "a" }, { ad: "a" }] });
    expect(Object.keys(errors)).toEqual(["degiskenler.1.ad"]);
  });

  it("requires kod, baslik and govde, with Turkish messages", () => {
    const errors = errorsOf(createTemplateSchema, {});
    expect(errors).toEqual({ kod: ["zorunlu alan"], baslik: ["zorunlu alan"], govde: ["zorunlu alan"] });
  });

  it("checks the code, title length, body and type", () => {
    const errors = errorsOf(createTemplateSchema, {
      kod: "-x",
      baslik: "x".repeat(201),
      govde: "   ",
      tur: "sözleşme",
      yayimla: "true",
    });
    expect(Object.keys(errors).sort()).toEqual(["baslik", "govde", "kod", "tur", "yayimla"]);
  });

  it("PUT takes every field as optional and has no kod", () => {
    // decisions §22: a change is a formatting one (bicimsel) unless said to be material.
    expect(updateTemplateSchema.parse({ kod: "yok-sayilir" })).toEqual({ yayimla: false, degisiklik: "bicimsel" });
    expect(updateTemplateSchema.parse({ baslik: " Yeni ", yayimla: true, degisiklik: "esasli" })).toEqual({ baslik: "Yeni", yayimla: true, degisiklik: "esasli" });
    expect(Object.keys(errorsOf(updateTemplateSchema, { baslik: "" }))).toEqual(["baslik"]);
  });
});

describe("checkVariableValue", () => {
  it("accepts any text for metin", () => {
    expect(checkVariableValue("metin", "")).toBe(true);
    expect(checkVariableValue("metin", "lokal anestezi")).toBe(true);
  });
  it("accepts plain decimal numbers for sayi", () => {
    for (const v of ["12", "12.5", "0", "-3"]) expect(checkVariableValue("sayi", v)).toBe(true);
    for (const v of ["", "12,5", "1e3", "12.", ".5", "on", " 12", "0x10", "Infinity"]) expect(checkVariableValue("sayi", v)).toBe(false);
  });
  it("accepts only real YYYY-MM-DD dates for tarih", () => {
    expect(checkVariableValue("tarih", "2024-02-29")).toBe(true);
    for (const v of ["2023-02-29", "2026-13-01", "2026-1-01", "01.02.2026", "2026-01-01T00:00:00"]) {
      expect(checkVariableValue("tarih", v)).toBe(false);
    }
  });
});

describe("placeholdersIn", () => {
  it("lists each {name} once, in order of appearance", () => {
    expect(placeholdersIn("<p>{adsoyad} {doz} {adsoyad}</p><p>{_x1}</p>")).toEqual(["adsoyad", "doz", "_x1"]);
  });
  it("ignores braces that do not hold a name", () => {
    expect(placeholdersIn("{ } {1a} {a-b} {{x}} {çay} {}")).toEqual(["x"]);
  });
});

describe("parseStoredVariables", () => {
  it("restores the documented key order whatever order jsonb returns", () => {
    const out = parseStoredVariables([{ type: "sayi", default: "1", required: true, name: "n", label: "N" }]);
    expect(JSON.stringify(out)).toBe('[{"name":"n","label":"N","type":"sayi","required":true,"default":"1"}]');
  });
  it("skips malformed entries", () => {
    expect(parseStoredVariables(null)).toEqual([]);
    expect(parseStoredVariables([1, null, { label: "x" }, { name: "a" }])).toEqual([
      { name: "a", label: "a", type: "metin", required: false },
    ]);
  });
});
