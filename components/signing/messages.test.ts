// The signing pages in six languages (decisions §17): each language's functions use what they are
// given, and dates read in each language's way. (Every key in every language: lib/i18n/message-tables.test.ts.)
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/i18n/languages";
import { formatWhen } from "@/lib/i18n/format";
import { messages } from "./messages";

const sample = { type: "veli" as const, patientName: "Ayşe", approverName: "Fatma", relation: "anne", animal: null };

describe("the signing pages' messages", () => {
  it.each(LANGUAGES)("%s: its functions use what they are given", (lang) => {
    const t = messages[lang];
    expect(t.codeSent("+90532*****67")).toContain("+90532*****67");
    expect(t.wrongCode(3)).toContain("3");
    expect(t.onBehalf(sample)).toContain("Ayşe");
    expect(t.onBehalf(sample)).toContain("Fatma");
    expect(t.interpreterHeading("Ali Tercüman")).toContain("Ali Tercüman");
    expect(t.witnessHeading("Elif Tanık")).toContain("Elif Tanık");
    expect(t.copyIntro("+90532*****67")).toContain("+90532*****67");
    expect(t.tooManyCodes(600)).toContain("10");
    expect(t.waitingText("Acme Klinik")).toContain("Acme Klinik");
  });

  it("keeps a phone number left to right inside Arabic text", () => {
    // Without the isolate the bidi algorithm shows +90532*****67 as 67*****90532+.
    for (const text of [messages.ar.codeSent("+90532*****67"), messages.ar.verifyIntro("+90532*****67"), messages.ar.copyIntro("+90532*****67"), messages.ar.withdrawIntro("+90532*****67")]) {
      expect(text).toContain("\u2066+90532*****67\u2069");
    }
  });

  it("writes a date in each language's way", () => {
    expect(formatWhen("2026-11-22 14:03:09", "tr", "Europe/Istanbul")).toBe("22.11.2026 14:03 (GMT+03:00)");
    expect(formatWhen("2026-11-22 14:03:09", "en", "Europe/Istanbul")).toBe("22 Nov 2026, 14:03 (GMT+03:00)");
    for (const lang of ["ar", "de", "ru", "fr"] as const) {
      const text = formatWhen("2026-11-22 14:03:09", lang, "Europe/Istanbul");
      expect(text, lang).toMatch(/2026/);
      expect(text, lang).toMatch(/14:03/);
      expect(text, lang).toContain("(GMT+03:00)");
    }
  });
});
