import { describe, expect, it } from "vitest";
import { acceptedLanguage, isolateLtr, LANGUAGES } from "./languages";

describe("acceptedLanguage", () => {
  const offered = LANGUAGES.filter((l) => l !== "tr");
  it("takes the offered language of highest weight, by its primary subtag", () => {
    expect(acceptedLanguage("ar-SA,ar;q=0.9,en;q=0.8", offered)).toBe("ar");
    expect(acceptedLanguage("en;q=0.5, DE-at;q=0.8", offered)).toBe("de");
    expect(acceptedLanguage("tr-TR,tr;q=0.9,ru;q=0.7", offered)).toBe("ru");
    // the first of equal weights, as the browser listed them
    expect(acceptedLanguage("fr, en", offered)).toBe("fr");
  });
  it("is null when nothing offered is accepted, and never trips on a malformed or huge header", () => {
    expect(acceptedLanguage(null, offered)).toBeNull();
    expect(acceptedLanguage("tr-TR,tr;q=0.9", offered)).toBeNull();
    expect(acceptedLanguage("ja, en;q=0", offered)).toBeNull();
    expect(acceptedLanguage(";;,,=q;en;q=abc", offered)).toBeNull();
    expect(acceptedLanguage(`${"xx,".repeat(100_000)}en`, offered)).toBeNull();
  });
});

describe("isolateLtr", () => {
  it("wraps a left-to-right run in Unicode's isolate and pop, so an Arabic sentence keeps its digits in order", () => {
    expect(isolateLtr("+90532*****33")).toBe("\u2066+90532*****33\u2069");
  });
});

