import { describe, expect, it } from "vitest";
import { consentTitle } from "@/lib/consents/consent-title";

describe("consentTitle", () => {
  it("names the person and the template's title", () => {
    expect(consentTitle({ patient: { name: "Ayşe Yılmaz" }, template: { code: "dis-cekimi" }, template_title: "Diş Çekimi Onam Formu" })).toBe("Ayşe Yılmaz — Diş Çekimi Onam Formu");
  });
  it("falls back to the template's code without a title, and to the template alone once purged", () => {
    expect(consentTitle({ patient: { name: "Ayşe Yılmaz" }, template: { code: "dis-cekimi" }, template_title: null })).toBe("Ayşe Yılmaz — dis-cekimi");
    expect(consentTitle({ patient: { name: null }, template: { code: "dis-cekimi" }, template_title: "Diş Çekimi Onam Formu" })).toBe("Diş Çekimi Onam Formu");
    expect(consentTitle({ patient: { name: "  " }, template: { code: "dis-cekimi" }, template_title: " " })).toBe("dis-cekimi");
  });
});
