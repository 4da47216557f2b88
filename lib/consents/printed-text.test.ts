// Issue #49: a directional control in a printed name makes the PDF show other text than is stored, so
// every schema that takes a name the document prints refuses them, naming the field.
import { describe, expect, it } from "vitest";
import { printedText } from "@/lib/consents/printed-text";
import { BIDI_MESSAGE, hasBidiControl } from "@/lib/documents/printable";
import { createConsentSchema } from "@/lib/consents/consent-schemas";
import { countersignSchema } from "@/lib/consents/countersign-consent";
import { refusalSchema } from "@/lib/consents/record-refusal";
import { physicianDetailsSchema } from "@/lib/users/set-user-physician";

const CONTROLS = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f"];

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of result.error?.issues ?? []) (out[i.path.join(".")] ??= []).push(i.message);
  return out;
}

describe("directional controls in printed names", () => {
  it("are every one of U+202A–U+202E, U+2066–U+2069, U+200E and U+200F, and nothing else", () => {
    for (const c of CONTROLS) expect(hasBidiControl(`Ayşe${c}Yılmaz`), c.codePointAt(0)!.toString(16)).toBe(true);
    for (const name of ["Ayşe Yılmaz", "أحمد علي", "Zoë O’Brien-Łukasz", "\u200d\u2029x"]) expect(hasBidiControl(name)).toBe(false);
  });

  it("are refused by printedText, naming the problem", () => {
    expect(printedText(200).safeParse("Dr. \u202eısıŞ eluŞ").error?.issues.map((i) => i.message)).toEqual([BIDI_MESSAGE]);
    expect(printedText(200).safeParse("Dr. Şule Işık").success).toBe(true);
  });

  it("are refused in every name a consent prints: patient, approver, interpreter, witness, physician", () => {
    const base = { sablon_kod: "x", adsoyad: "Ayşe Yılmaz", telefon: "0532 123 45 67", degiskenler: {} };
    for (const field of ["adsoyad", "onaylayan_ad", "tercuman_ad", "tanik_ad", "hekim"]) {
      const result = createConsentSchema.safeParse({ ...base, dil: "en", onaylayan_tip: "veli", [field]: "Ali \u2067Veli\u2069 Kaya" });
      expect(errorsOf(result)[field], field).toContain(BIDI_MESSAGE);
      expect(Object.keys(errorsOf(result)), field).toEqual([field]);
    }
    expect(createConsentSchema.safeParse({ ...base, dil: "en", onaylayan_tip: "veli", onaylayan_ad: "Ali Veli Kaya" }).success).toBe(true);
  });

  it("are refused in the countersigning physician's name and number, the refusal's witness and the panel's physician details", () => {
    const countersign = countersignSchema.safeParse({ hekim_ad: "Dr. \u200fŞule", hekim_tescil_no: "TR\u202d-1", bilgilendirme_zamani: "2026-01-01 10:00:00", imza: "x" });
    expect(errorsOf(countersign).hekim_ad).toContain(BIDI_MESSAGE);
    expect(errorsOf(countersign).hekim_tescil_no).toContain(BIDI_MESSAGE);
    expect(errorsOf(refusalSchema.safeParse({ reason: "istemedi", tanik_ad: "Hemşire \u202aAyla" })).tanik_ad).toEqual([BIDI_MESSAGE]);
    const panel = physicianDetailsSchema.safeParse({ isPhysician: true, name: "Dr. \u2066Şule Işık", registrationNo: "12\u200e34" });
    expect(errorsOf(panel).name).toContain(BIDI_MESSAGE);
    expect(errorsOf(panel).registrationNo).toContain(BIDI_MESSAGE);
  });
});
