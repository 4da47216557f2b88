import { describe, expect, it } from "vitest";
import { isBlankHtml, sanitizeTemplateHtml as clean, strippedParts } from "@/lib/templates/sanitize-template-html";

/** Nothing that could run script or load a resource may survive, whatever the spelling. */
function expectInert(html: string): void {
  expect(html).not.toMatch(/<\s*(script|iframe|object|embed|svg|math|img|form|input|style|link|meta|base|textarea|button)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(html).not.toMatch(/url\s*\(|expression\s*\(/i);
}

describe("sanitizeTemplateHtml: hostile input", () => {
  const hostile: [string, string][] = [
    ["script", `<p>a</p><script>alert(1)</script>`],
    ["script, upper case", `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`],
    ["script split by a null byte", `<scr\u0000ipt>alert(1)</scr\u0000ipt>`],
    ["img onerror", `<img src=x onerror="alert(1)">`],
    ["svg onload", `<svg onload=alert(1)><circle r="1"/></svg>`],
    ["event handler on an allowed tag", `<p onclick="alert(1)" onmouseover='x()'>t</p>`],
    ["javascript: href", `<a href="javascript:alert(1)">x</a>`],
    ["javascript: href, mixed case", `<a href="JaVaScRiPt:alert(1)">x</a>`],
    ["javascript: href, entity-encoded", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`],
    ["javascript: href, hex entity in the middle", `<a href="jav&#x61;script:alert(1)">x</a>`],
    ["javascript: href, tab and newline inside", `<a href="java\tscr\nipt:alert(1)">x</a>`],
    ["javascript: href, leading whitespace", `<a href="  javascript:alert(1)">x</a>`],
    ["vbscript: href", `<a href="vbscript:msgbox(1)">x</a>`],
    ["data: href", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`],
    ["data: img", `<img src="data:image/png;base64,iVBORw0KGgo=">`],
    ["iframe", `<iframe src="https://evil.example"></iframe>`],
    ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
    ["object and embed", `<object data="x.swf"></object><embed src="x.swf">`],
    ["form and inputs", `<form action="https://evil.example"><input name="tc"><button>Gönder</button></form>`],
    ["style element", `<style>body { background: url(https://evil.example/t.png) }</style>`],
    ["style attribute with url()", `<p style="background-image: url('https://evil.example/t.png')">t</p>`],
    ["style attribute with expression()", `<p style="width: expression(alert(1))">t</p>`],
    ["link and meta", `<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
    ["base", `<base href="https://evil.example/">`],
    ["math with an href", `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`],
    ["comment hiding markup", `<!--><script>alert(1)</script>-->`],
    ["textarea breakout", `<textarea></textarea><script>alert(1)</script></textarea>`],
    ["noscript breakout", `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`],
  ];
  it.each(hostile)("%s", (_, input) => {
    expectInert(clean(input));
  });

  it("drops the content of script, style, iframe, textarea, not only the tags", () => {
    const out = clean(
      `<p>görünür</p><script>var gizli = 1;</script><style>.gizli{}</style>` +
        `<iframe><p>gizli</p></iframe><textarea>gizli</textarea><noscript>gizli</noscript>`,
    );
    expect(out).toBe("<p>görünür</p>");
  });

  it("keeps the text of a link whose href is not an absolute http(s) URL", () => {
    for (const href of ["javascript:alert(1)", "/göreli/yol", "//evil.example/x", "mailto:a@b.c", "ftp://x.example", "https://"]) {
      const out = clean(`<a href="${href}">metin</a>`);
      expect(out).toBe("<a>metin</a>");
    }
  });

  it("keeps only the safe style properties with plain keyword values", () => {
    expect(
      clean(`<p style="text-align:center; color:red; font-weight:bold; background:url(x); font-style: italic; text-decoration: underline">t</p>`),
    ).toBe(`<p style="text-align:center;font-weight:bold;font-style:italic;text-decoration:underline">t</p>`);
    expect(clean(`<p style="position:fixed; top:0">t</p>`)).toBe("<p>t</p>");
    expect(clean(`<p style="text-align: center url(x)">t</p>`)).toBe("<p>t</p>");
  });
});

describe("sanitizeTemplateHtml: benign input", () => {
  it("keeps headings, paragraphs, inline formatting and Turkish text unchanged", () => {
    const html =
      "<h1>Genel Tıbbi Müdahale Onam Formu — ğüşıöçİ</h1>" +
      "<h2>Başlık</h2><p>Ben, <strong>{adsoyad}</strong>, <em>{islem}</em> işlemine <u>onay</u> veriyorum.</p>" +
      "<blockquote>alıntı</blockquote><div><span>x<sub>2</sub> y<sup>3</sup> <small>küçük</small> <b>k</b> <i>e</i></span></div>";
    expect(clean(html)).toBe(html);
  });

  it("keeps lists and tables with colspan/rowspan", () => {
    const html =
      "<ul><li>bir</li><li>iki</li></ul><ol><li>üç</li></ol>" +
      '<table><caption>Riskler</caption><thead><tr><th colspan="2">Risk</th></tr></thead>' +
      '<tbody><tr><td rowspan="2">Kanama</td><td>nadir</td></tr></tbody><tfoot><tr><td>son</td></tr></tfoot></table>';
    expect(clean(html)).toBe(html);
  });

  it("leaves placeholders untouched, in text and next to markup", () => {
    const html = "<p>{hasta_adi} {tc_masked}, {dogum_tarih}</p><p><b>{hekim}</b>{tarih}</p>";
    expect(clean(html)).toBe(html);
  });

  it("keeps absolute http(s) links and adds rel=noopener noreferrer", () => {
    expect(clean(`<a href="https://kurum.example/kvkk" target="_blank" rel="opener">KVKK</a>`)).toBe(
      '<a href="https://kurum.example/kvkk" rel="noopener noreferrer">KVKK</a>',
    );
    expect(clean(`<a href="http://kurum.example/?a=1&amp;b=2">x</a>`)).toBe(
      '<a href="http://kurum.example/?a=1&amp;b=2" rel="noopener noreferrer">x</a>',
    );
  });

  it("writes br and hr as void elements and drops comments", () => {
    expect(clean("<p>a<br>b</p><!-- not: shown --><hr>")).toBe("<p>a<br />b</p><hr />");
  });

  it("escapes stray markup characters in text", () => {
    expect(clean("<p>a < b & c > d</p>")).toBe("<p>a &lt; b &amp; c &gt; d</p>");
  });

  it("is idempotent", () => {
    const once = clean(`<p style="text-align:center">a & b <a href="https://x.example">l</a></p><script>x</script>`);
    expect(clean(once)).toBe(once);
  });
});

describe("isBlankHtml", () => {
  it("is true for markup with no visible text", () => {
    expect(isBlankHtml("")).toBe(true);
    expect(isBlankHtml("<p> </p><br /><hr />")).toBe(true);
    expect(isBlankHtml("<p>&nbsp;</p>")).toBe(true);
  });
  it("is false once there is text", () => {
    expect(isBlankHtml("<p>{adsoyad}</p>")).toBe(false);
  });
});

describe("strippedParts", () => {
  it("names each element and attribute sanitizing removes, once, and nothing for a clean body", () => {
    expect(strippedParts('<p onclick="x()" style="color:red">a</p><script>1</script><IMG src=x onerror="y()"><script>2</script><a href="https://e.test" target="_blank">l</a>')).toEqual([
      "onclick",
      "<script>",
      "<img>",
      "target",
    ]);
    expect(strippedParts("<h2>Başlık</h2><p>Sayın {adsoyad}, <b>onay</b></p><table><tr><td colspan=2>x</td></tr></table>")).toEqual([]);
    expect(strippedParts(Array.from({ length: 30 }, (_, i) => `<x${i}>`).join(""))).toHaveLength(12);
  });
});

