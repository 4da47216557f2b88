// Issue #49: directional controls (U+202A–U+202E, U+2066–U+2069, U+200E/F) in a name the PDF prints
// make it show other text than is stored and signed; they are refused with 422 naming the field.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem } from "./client";
import { consentBody, createTestTemplate } from "./consent-helpers";

let kod: string;
beforeAll(async () => {
  kod = await createTestTemplate();
});

describe("printed names", () => {
  it("refuses a directional control in the patient's, the approver's, the witness's and the physician's name, naming the field", async () => {
    for (const [field, value] of [
      ["adsoyad", "Ayşe \u202eзамлıY"],
      ["onaylayan_ad", "Mehmet \u2067Yılmaz\u2069"],
      ["tanik_ad", "Hemşire\u200f Ayla"],
      ["hekim", "Dr. \u202dŞule Işık"],
    ] as const) {
      const res = await call("POST", "/v1/consents", { body: consentBody(kod, { onaylayan_tip: "veli", [field]: value }) });
      const p = expectProblem(res, 422, "validation_failed");
      expect(p.errors, field).toEqual({ [field]: [expect.stringContaining("yön denetim karakteri")] });
    }
    const fine = await call("POST", "/v1/consents", { body: consentBody(kod, { onaylayan_tip: "veli", onaylayan_ad: "Mehmet Yılmaz", tanik_ad: "Hemşire Ayla" }) });
    expect(fine.status, fine.text).toBe(201);
  });
});
