import { describe, expect, it } from "vitest";
import { pageLanguage } from "@/lib/page-language";

describe("pageLanguage", () => {
  it("takes ?lang first, then the panel cookie on panel pages only, then Turkish", () => {
    expect(pageLanguage("/s/abc", "en", undefined)).toBe("en");
    expect(pageLanguage("/dogrula", "tr", "en")).toBe("tr");
    expect(pageLanguage("/panel/consents", null, "en")).toBe("en");
    expect(pageLanguage("/panel/consents", "tr", "en")).toBe("tr");
    expect(pageLanguage("/s/abc", null, "en")).toBe("tr");
    expect(pageLanguage("/dogrula/x", "xx", undefined)).toBe("tr");
  });

  it("gives the signing and verification pages the six languages of decisions §17, and not the panel", () => {
    for (const l of ["ar", "de", "ru", "fr"]) {
      expect(pageLanguage("/s/abc", l, undefined)).toBe(l);
      expect(pageLanguage("/dogrula/ons_x", l, undefined)).toBe(l);
    }
    expect(pageLanguage("/s/abc", "xx", undefined)).toBe("tr");
    expect(pageLanguage("/panel/consents", "ar", undefined)).toBe("tr");
  });
});
