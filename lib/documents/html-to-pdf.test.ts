// The consent HTML comes out of the PDF with the same words in the same order as on screen.
import { Document, Page, renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPdfFonts } from "./fonts";
import { collapseRuns, type Run, type RunStyle } from "./html-runs";
import { htmlToPdf } from "./html-to-pdf";
import { base } from "./pdf-theme";
import { pdfPages, pdfWords, squash, type PdfWord } from "@/tests/fixtures/pdf-text";

async function render(html: string, options: { rtl?: boolean } = {}): Promise<Buffer> {
  return renderToBuffer(createElement(Document, null, createElement(Page, { size: "A4", style: base.page }, htmlToPdf(html, options))));
}

async function pdfText(html: string): Promise<string> {
  return pdfPages(await render(html)).join("\n");
}

/** Lines of the text, each trimmed, empty ones dropped. */
const lines = (text: string): string[] => text.split("\n").map((l) => l.trim()).filter(Boolean);

// Loading and indexing the fonts takes a moment on a busy machine.
beforeAll(async () => {
  await loadPdfFonts();
});

describe("htmlToPdf", { timeout: 30_000 }, () => {
  it("keeps Turkish text, inline formatting and decoded entities word for word", async () => {
    const text = squash(
      await pdfText(
        "<h1>Aydınlatılmış Onam</h1>" +
          '<p style="text-align: justify">Sayın <b>Şükrü</b> <i>Çağlar</i> <u>Iğdır</u>, ameliyat <strong>öncesi</strong> ' +
          "<em>bilgilendirildiniz</em>. İĞÜŞÖÇ ığüşöç.</p>" +
          "<p>5 &#60; 7 &#38; &#34;tırnak&#34; &lt;b&gt; &amp;amp; ağrı&nbsp;kesici</p>",
      ),
    );
    expect(text).toContain("Aydınlatılmış Onam");
    expect(text).toContain("Sayın Şükrü Çağlar Iğdır, ameliyat öncesi bilgilendirildiniz. İĞÜŞÖÇ ığüşöç.");
    expect(text).toContain('5 < 7 & "tırnak" <b> &amp; ağrı');
    expect(text).toMatch(/ağrı[\s\u00a0]kesici/);
  });

  it("collapses whitespace as a browser does and breaks lines at <br>", async () => {
    const text = await pdfText("<p>\n  Birinci   satır\t ve <b>devamı </b> burada\n<br>  İkinci satır<br></p><div>  Son  </div>");
    expect(lines(text)).toEqual(["Birinci satır ve devamı burada", "İkinci satır", "Son"]);
  });

  it("numbers ordered lists, bullets unordered ones and keeps nesting in order", async () => {
    const text = await pdfText(
      "<ol><li>Aç kalınız</li><li>İlaçlarınızı getiriniz<ul><li>Kan sulandırıcılar</li></ul></li></ol><ul><li>Öksürük</li></ul>",
    );
    expect(lines(text)).toEqual(["1. Aç kalınız", "2. İlaçlarınızı getiriniz", "◦ Kan sulandırıcılar", "• Öksürük"]);
  });

  // issue #51: the editor's lists (<li><p>…</p></li>) printed "2. 2." when the author typed the
  // number too; the list alone numbers them, once, and two digits fit beside their item.
  it("numbers each item of a 12-item list once, the editor's <li><p> included", async () => {
    const html = `<ol>${Array.from({ length: 12 }, (_, i) => `<li><p>Madde ${i + 1}</p></li>`).join("")}</ol>`;
    const got = lines(await pdfText(html));
    expect(got).toEqual(Array.from({ length: 12 }, (_, i) => `${i + 1}. Madde ${i + 1}`));
    for (const line of got) expect(line.match(/\d+\./g)).toHaveLength(1);
  });

  it("draws tables row by row, header first, with captions, blockquotes, rules and headings", async () => {
    const text = await pdfText(
      "<table>Not:<caption>Riskler</caption><tbody><tr><td>Enfeksiyon</td><td>%1</td></tr></tbody>" +
        "<thead><tr><th>Risk</th><th>Olasılık</th></tr></thead><tfoot><tr><td colspan=\"2\">Toplam düşük</td></tr></tfoot></table>" +
        "<blockquote>Hekim notu</blockquote><hr><h3>Son söz</h3><p>x<sub>2</sub> ve y<sup>3</sup> <small>küçük</small></p>",
    );
    const rows = lines(text).map((l) => l.split(/\s{2,}/).join(" | "));
    expect(rows.slice(0, 5)).toEqual(["Not:", "Riskler", "Risk | Olasılık", "Enfeksiyon | %1", "Toplam düşük"]);
    const flat = squash(text);
    expect(flat).toContain("Hekim notu");
    expect(flat).toContain("Son söz");
    expect(flat).toContain("küçük");
  });

  it("keeps links clickable and never cuts a word too long for the line", async () => {
    const long = `https://ornek.com.tr/${"çok-uzun-adres-".repeat(12)}son`;
    const pdf = await render(`<p>Bkz. <a href="https://ornek.com.tr/a?b=1&amp;c=2">bağlantı</a> ve ${long}</p>`);
    expect(pdf.toString("latin1")).toContain("/URI (https://ornek.com.tr/a?b=1&c=2)");
    const text = pdfPages(pdf).join("\n");
    expect(text).toContain("bağlantı");
    // The long word wraps without a hyphen being added; joined back, it is complete.
    expect(text.replace(/\s+/g, "")).toContain(long);
    expect(lines(text).length).toBeGreaterThan(1);
  });

  it("draws blocks nested past the depth rule as lines of their holder, so the layout engine never traps", async () => {
    // 600 nested boxes once trapped the WebAssembly layout engine, and every later document in that
    // thread failed with it ("memory access out of bounds"). Stored texts may predate the rule.
    const deep = `${"<div>".repeat(300)}<p>Derin</p><ul><li>madde</li></ul><table><tr><td>hücre</td></tr></table>${"</div>".repeat(300)}`;
    expect(lines(await pdfText(`<p>Önce</p>${"<div>".repeat(300)}${deep}${"</div>".repeat(300)}<p>Sonra</p>`))).toEqual([
      "Önce", "Derin", "madde", "hücre", "Sonra",
    ]);
    expect(lines(await pdfText("<p>Sonraki belge</p>"))).toEqual(["Sonraki belge"]);
  });

  it("lays Arabic out right to left: a sentence ends at the left, list markers stand at the right", async () => {
    const words = pdfWords(await render("<p>قد يحدث ألم وتورم.</p><ul><li>اتصل بنا فورًا.</li></ul>", { rtl: true }));
    const rows: PdfWord[][] = [];
    for (const w of words) {
      const row = rows.find((r) => Math.abs(r[0]!.yMin - w.yMin) < 2);
      if (row) row.push(w);
      else rows.push([w]);
    }
    expect(rows).toHaveLength(2);
    const [sentence, item] = rows as [PdfWord[], PdfWord[]];
    const leftmost = (ws: PdfWord[]) => ws.reduce((a, b) => (b.xMin < a.xMin ? b : a));
    // Read left to right, the full stop stood at the right end, before the sentence's first word.
    expect(leftmost(sentence).text).toContain(".");
    const marker = item.find((w) => w.text === "•")!;
    const itemText = item.filter((w) => w !== marker);
    expect(marker.xMin).toBeGreaterThan(Math.max(...itemText.map((w) => w.xMax)));
    expect(leftmost(itemText).text).toContain(".");
  });

  it("renders nothing for empty markup", async () => {
    const text = await pdfText("<p>Önce</p><p> </p><div></div><span>  </span><p>Sonra</p>");
    expect(lines(text)).toEqual(["Önce", "Sonra"]);
  });
});

describe("collapseRuns", () => {
  const style: RunStyle = { bold: false, italic: false, underline: false, strike: false, script: null, size: 10, href: null };
  const bold: RunStyle = { ...style, bold: true };
  const t = (text: string, s: RunStyle = style): Run => ({ text, style: s });
  const br: Run = { text: "", style, br: true };
  const texts = (runs: Run[]) => collapseRuns(runs).map((r) => r.text);

  it("drops spaces at line ends and keeps one between runs", () => {
    expect(texts([t("  a  "), t("  b", bold), t(" c \n")])).toEqual(["a ", "b", " c"]);
    expect(texts([t("a "), br, t(" b")])).toEqual(["a\nb"]);
  });

  it("keeps no-break spaces and the height of a line made only of <br>", () => {
    expect(texts([t("a\u00a0\u00a0b")])).toEqual(["a\u00a0\u00a0b"]);
    expect(texts([br])).toEqual(["\u00a0"]);
    expect(texts([t("a"), br, br])).toEqual(["a\n\u00a0"]);
    expect(texts([t(" \n ")])).toEqual([]);
  });
});
