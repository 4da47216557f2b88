import { describe, expect, it } from "vitest";
import { foldText, matchesFolded } from "@/lib/consents/text-match";

describe("the physician and procedure filters' matching", () => {
  it("ignores case, Turkish marks and extra spaces, anywhere in the text", () => {
    expect(matchesFolded("Dr. Ayşe  Öztürk", foldText("ozturk"))).toBe(true);
    expect(matchesFolded("İmplant uygulaması", foldText("IMPLANT"))).toBe(true);
    expect(matchesFolded("Diş çekimi (36)", foldText("dis cekimi"))).toBe(true);
    expect(matchesFolded("Kanal tedavisi", foldText("çekim"))).toBe(false);
  });
  it("never matches a missing value unless nothing is asked", () => {
    expect(matchesFolded(null, foldText("x"))).toBe(false);
    expect(matchesFolded(null, "")).toBe(true);
  });
});
