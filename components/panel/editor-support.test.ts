// The editor warns before it would drop what the sanitizer keeps.
import { describe, expect, it } from "vitest";
import { editorUnsupported } from "@/components/panel/editor-support";

describe("editorUnsupported", () => {
  it("accepts what the editor holds", () => {
    expect(editorUnsupported("<h2>Başlık</h2><p><strong>a</strong> <em>b</em> <u>c</u><br/>{adsoyad}</p><ul><li><p>x</p></li></ul><ol><li>y</li></ol><hr>")).toEqual([]);
    expect(editorUnsupported('<p>metin <a href="https://ornek.com" rel="noopener noreferrer">bağlantı</a></p>')).toEqual([]);
  });

  it("names tables, sub/sup and styles once each", () => {
    expect(editorUnsupported('<table><tr><td style="text-align:center">1</td></tr></table><p style="text-align:right">x<sup>2</sup></p><TABLE></TABLE>')).toEqual([
      "<table>",
      "<tr>",
      "<td>",
      "style",
      "<sup>",
    ]);
  });
});
