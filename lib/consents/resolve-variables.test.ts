import { describe, expect, it } from "vitest";
import { printedValues, resolveVariables } from "@/lib/consents/resolve-variables";
import type { TemplateVariable } from "@/lib/templates/variables";

const contracts: TemplateVariable[] = [
  { name: "dis_no", label: "Diş", type: "sayi", required: true },
  { name: "tarih2", label: "Tarih", type: "tarih", required: true, default: "2026-01-01" },
  { name: "not", label: "Not", type: "metin", required: false },
  { name: "doz", label: "Doz", type: "metin", required: true },
];

describe("resolveVariables", () => {
  it("fills given values, defaults and empty optionals; ignores undeclared names", () => {
    expect(resolveVariables(contracts, { dis_no: " 12 ", doz: "5 mg", fazla: "x" })).toEqual({
      dis_no: "12",
      tarih2: "2026-01-01",
      not: "",
      doz: "5 mg",
    });
  });
  it("names every missing required variable, empty counting as missing", () => {
    try {
      resolveVariables(contracts, { doz: "  " });
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ code: "missing_variables", errors: { dis_no: expect.any(Array), doz: expect.any(Array) } });
      expect(Object.keys((e as { errors: object }).errors)).toEqual(["dis_no", "doz"]);
    }
  });
  it("fills a variable named like a built-in from the consent, never requiring it", () => {
    const declared: TemplateVariable[] = [
      { name: "islem", label: "İşlem", type: "metin", required: true },
      { name: "hekim", label: "Hekim", type: "metin", required: true, default: "Nöbetçi hekim" },
      { name: "yakinlik", label: "Yakınlık", type: "metin", required: true },
    ];
    expect(resolveVariables(declared, { islem: "yok sayılır" }, { islem: "Diş çekimi", hekim: "", yakinlik: "" })).toEqual({
      islem: "Diş çekimi",
      hekim: "Nöbetçi hekim",
      yakinlik: "",
    });
  });
  it("refuses values of the wrong type", () => {
    expect(() => resolveVariables(contracts, { dis_no: "on iki", doz: "x", tarih2: "2026-02-30" })).toThrow(
      expect.objectContaining({ code: "validation_failed", errors: { "degiskenler.dis_no": expect.any(Array), "degiskenler.tarih2": expect.any(Array) } }),
    );
  });
});

describe("printedValues", () => {
  it("prints {tarih}, {dogum_tarih} and tarih-typed variables the way the text's language reads dates (decisions §25)", () => {
    const values = { tarih: "2026-11-28", dogum_tarih: "1980-04-23", tarih2: "2026-01-01", dis_no: "12", adsoyad: "2026-11-28" };
    expect(printedValues(values, contracts, "tr")).toEqual({ tarih: "28.11.2026", dogum_tarih: "23.04.1980", tarih2: "01.01.2026", dis_no: "12", adsoyad: "2026-11-28" });
    expect(printedValues(values, contracts, "en").tarih).toBe("28 Nov 2026");
    expect(printedValues({ tarih: "" }, contracts, "tr")).toEqual({ tarih: "" });
  });
});
