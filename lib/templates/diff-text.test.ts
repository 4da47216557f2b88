// The bounded word and line diffs of the version comparison.
import { describe, expect, it } from "vitest";
import { diffTextLines, diffTextWords, hasChanges } from "@/lib/templates/diff-text";

const changed = (parts: { kind: string; value: string }[]) => parts.filter((p) => p.kind !== "same").map((p) => `${p.kind === "added" ? "+" : "-"}${p.value}`);

describe("diffTextWords", () => {
  it("marks whole changed words in Turkish, keeping line breaks and placeholders", () => {
    const d = diffTextWords("Sayın {adsoyad},\nişlemden önce 8 saat aç kalınız.", "Sayın {hasta},\nişlemden önce 12 saat aç kalmalısınız.");
    expect(changed(d)).toEqual(["-{adsoyad}", "+{hasta}", "-8", "+12", "-kalınız", "+kalmalısınız"]);
    expect(d.map((p) => p.value).join("")).toContain("\n");
  });

  it("joins changes that share only a space or punctuation into one deletion and one insertion", () => {
    const d = diffTextWords("Anestezi: {anestezi}. Not: {not}. Tarih: {tarih}", "Anestezi: {anestezi}. Risk: {risk}. Tarih: {tarih}");
    expect(changed(d)).toEqual(["-Not: {not}", "+Risk: {risk}"]);
  });

  it("cuts Cyrillic and Arabic into words, not letters", () => {
    expect(changed(diffTextWords("Перед операцией нельзя есть", "Перед процедурой нельзя есть"))).toEqual(["-операцией", "+процедурой"]);
    expect(changed(diffTextWords("يجب الصيام ثماني ساعات", "يجب الصيام ست ساعات"))).toEqual(["-ثماني", "+ست"]);
  });

  it("says nothing changed for equal texts, and stays bounded for large texts that share nothing", () => {
    expect(hasChanges(diffTextWords("aynı", "aynı"))).toBe(false);
    expect(diffTextWords("", "")).toEqual([]);
    const text = (seed: number) => Array.from({ length: 20_000 }, (_, i) => `k${(i * seed) % 9973}`).join(" ");
    const started = Date.now();
    const d = diffTextWords(text(7), text(13));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(d.filter((p) => p.kind !== "added").map((p) => p.value).join("")).toBe(text(7));
    expect(d.filter((p) => p.kind !== "removed").map((p) => p.value).join("")).toBe(text(13));
  });
});

describe("diffTextLines", () => {
  it("marks changed lines", () => {
    expect(changed(diffTextLines("<p>a</p>\n<p>b</p>\n", "<p>a</p>\n<p>c</p>\n"))).toEqual(["-<p>b</p>\n", "+<p>c</p>\n"]);
  });
});
