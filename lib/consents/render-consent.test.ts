import { describe, expect, it } from "vitest";
import { fillPlaceholders } from "@/lib/consents/render-consent";

describe("fillPlaceholders", () => {
  it("substitutes escaped values and leaves unknown placeholders", () => {
    const html = "<p>{adsoyad} — {islem} {bilinmeyen} {adsoyad}</p>";
    expect(fillPlaceholders(html, { adsoyad: "Ayşe <b>Yılmaz</b>", islem: `"Diş" & 'çekim'` })).toBe(
      "<p>Ayşe &lt;b&gt;Yılmaz&lt;/b&gt; — &quot;Diş&quot; &amp; &#39;çekim&#39; {bilinmeyen} Ayşe &lt;b&gt;Yılmaz&lt;/b&gt;</p>",
    );
  });
  it("does not treat prototype names as values", () => {
    expect(fillPlaceholders("{constructor}{toString}", {})).toBe("{constructor}{toString}");
  });
});
