import { describe, expect, it } from "vitest";
import { fillPlaceholders } from "@/lib/consents/render-consent";

describe("fillPlaceholders", () => {
  it("substitutes escaped values and leaves unknown placeholders", () => {
    const html = "<p>{adsoyad} — {islem} {bilinmeyen} {adsoyad}</p>";
    expect(fillPlaceholders(html, { adsoyad: "Ayşe <b>Yılmaz</b>", islem: `"Diş" & 'çekim'` })).toBe(
      "<p>Ayşe &#60;b&#62;Yılmaz&#60;/b&#62; — &#34;Diş&#34; &#38; &#39;çekim&#39; {bilinmeyen} Ayşe &#60;b&#62;Yılmaz&#60;/b&#62;</p>",
    );
  });
  it("does not treat prototype names as values", () => {
    expect(fillPlaceholders("{constructor}{toString}", {})).toBe("{constructor}{toString}");
  });
});
