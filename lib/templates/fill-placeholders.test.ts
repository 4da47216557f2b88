import { describe, expect, it } from "vitest";
import { fillPlaceholders, fillPlaceholdersWithin } from "@/lib/templates/fill-placeholders";

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

describe("fillPlaceholdersWithin", () => {
  it("gives the same text as fillPlaceholders while it fits", () => {
    const html = "<p>{a} ve {b} {yok} şş {a}</p>";
    const values = { a: "Çağ<rı>", b: "x".repeat(100) };
    expect(fillPlaceholdersWithin(html, values)).toBe(fillPlaceholders(html, values));
    expect(fillPlaceholdersWithin("düz metin", {})).toBe("düz metin");
  });

  it("stops at the ceiling in UTF-8 bytes instead of building a huge text", () => {
    // 10 000 placeholders of a 10 000-character value would be 100 MB.
    const body = "{v}".repeat(10_000);
    expect(fillPlaceholdersWithin(body, { v: "a".repeat(10_000) })).toBeNull();
    // Exactly at the ceiling is allowed; one byte more is not ("ş" is two bytes).
    expect(fillPlaceholdersWithin("{v}", { v: "a".repeat(100) }, 100)).toHaveLength(100);
    expect(fillPlaceholdersWithin("{v}", { v: "a".repeat(99) + "ş" }, 100)).toBeNull();
    expect(fillPlaceholdersWithin("ş{v}", { v: "a".repeat(98) }, 100)).not.toBeNull();
    expect(fillPlaceholdersWithin("{v}ş", { v: "a".repeat(99) }, 100)).toBeNull();
  });
});
