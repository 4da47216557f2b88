// The readable text of a body, which the version diff compares word by word.
import { describe, expect, it } from "vitest";
import { htmlLines, templateText } from "@/lib/templates/template-text";

describe("templateText", () => {
  it("puts each block on its own line and marks list items, nested and numbered", () => {
    const html =
      "<h2>Başlık</h2><p>Sayın <strong>{adsoyad}</strong>,<br>ikinci&nbsp;satır &amp; devam.</p>" +
      "<ul><li>Bir<ul><li>İç madde</li></ul></li><li>İki</li></ul><ol><li>Birinci</li><li>İkinci</li></ol>";
    expect(templateText(html)).toBe(["Başlık", "Sayın {adsoyad},", "ikinci satır & devam.", "• Bir", "  • İç madde", "• İki", "1. Birinci", "2. İkinci"].join("\n"));
  });

  it("splits table cells and keeps no tags or empty lines", () => {
    expect(templateText("<table><tr><th>Ad</th><th>Doz</th></tr><tr><td>A</td><td>5 mg</td></tr></table><p> </p><hr><p>son</p>")).toBe(
      ["Ad | Doz", "A | 5 mg", "—", "son"].join("\n"),
    );
  });

  it("never yields markup, even from text that looks like it", () => {
    expect(templateText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe("<script>alert(1)</script>");
  });
});

describe("htmlLines", () => {
  it("breaks the source after each block so that a line diff reads block by block", () => {
    expect(htmlLines("<p>a</p><ul><li>b</li></ul><p>c<br>d</p>")).toBe("<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n<p>c<br>\nd</p>");
  });
});
