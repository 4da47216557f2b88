// The SVG sanitizer keeps a logo's drawing and drops everything that runs or loads: what a browser
// opening /brand/… on its own, or librsvg rasterizing it, could otherwise be made to do.
import { describe, expect, it } from "vitest";
import { sanitizeSvg } from "./sanitize-svg";

const wrap = (inner: string, attrs = "") => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40"${attrs}>${inner}</svg>`;

describe("sanitizeSvg", () => {
  it("keeps shapes, gradients, local references, text and a harmless stylesheet, written anew", () => {
    const input = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n${wrap(
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#0b4f71"/></linearGradient></defs><style><![CDATA[.a{fill:url(#g)} g > rect{stroke:#000}]]></style>` +
        `<g><rect id="r" class="a" width="10" height="10" rx="2"/><use xlink:href="#r" x="20"/><use href="#r" x="40"/></g><text x="60" y="30" font-size="12">Şifa &amp; Sağlık</text>`,
    )}`;
    const out = sanitizeSvg(input)!;
    expect(out.removed).toEqual([]);
    expect(out.svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40"><defs><linearGradient id="g"><stop offset="0" stop-color="#0b4f71"/></linearGradient></defs>' +
        "<style>.a{fill:url(#g)} g &gt; rect{stroke:#000}</style>" +
        '<g><rect id="r" class="a" width="10" height="10" rx="2"/><use xlink:href="#r" x="20"/><use href="#r" x="40"/></g><text x="60" y="30" font-size="12">Şifa &amp; Sağlık</text></svg>',
    );
  });

  it("drops scripts, event handlers, foreignObject, images, links and animation", () => {
    const out = sanitizeSvg(
      wrap(
        `<script>alert(1)</script><script xlink:href="https://evil.example/x.js"/><foreignObject><div xmlns="http://www.w3.org/1999/xhtml" onclick="x()">hi</div></foreignObject>` +
          `<image href="https://evil.example/p.png" width="5" height="5"/><a href="javascript:alert(1)"><rect width="5" height="5"/></a><set attributeName="href" to="javascript:alert(1)"/>` +
          `<animate attributeName="fill" to="red"/><rect width="5" height="5" onclick="alert(1)" ONMOUSEOVER="alert(2)"/>`,
        ' onload="alert(3)"',
      ),
    )!;
    expect(out.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="5" height="5"/></svg>');
    expect(out.removed).toEqual(["a", "animate", "foreignObject", "image", "on*", "script", "set"]);
    expect(out.svg).not.toMatch(/script|onload|onclick|javascript|evil/i);
  });

  it("drops every reference that leaves the file: href, url() and @import, also hidden by case, spaces or CSS escapes", () => {
    const out = sanitizeSvg(
      wrap(
        `<use xlink:href="https://evil.example/s.svg#a"/><use href="other.svg#a"/><use href=" data:image/svg+xml;base64,AAAA"/>` +
          `<rect width="5" height="5" fill="URL( 'https://evil.example/p' )" style="fill:url(#ok)"/><rect width="5" height="5" style="background:u\\72l(https://evil.example/)"/>` +
          `<filter id="f"><feImage href="https://evil.example/i.png"/><feGaussianBlur stdDeviation="1"/></filter>`,
      ),
    )!;
    expect(out.svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><use/><use/><use/><rect width="5" height="5" style="fill:url(#ok)"/><rect width="5" height="5"/><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></svg>',
    );
    expect(out.removed).toEqual(["feImage", "fill", "href", "style", "xlink:href"]);
    for (const css of ["@import url(https://evil.example/a.css);", ".a{fill:url(https://evil.example/p)}", "@font-face{src:url(//evil.example/f.woff)}"]) {
      const sheet = sanitizeSvg(wrap(`<style>${css}</style><rect width="5" height="5"/>`))!;
      expect(sheet.svg, css).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><style></style><rect width="5" height="5"/></svg>');
      expect(sheet.removed).toEqual(["style"]);
    }
  });

  it("never expands the DOCTYPE's entities, and escapes what it writes", () => {
    const out = sanitizeSvg(`<!DOCTYPE svg [<!ENTITY lol "lollollollol"><!ENTITY x SYSTEM "file:///etc/passwd">]>${wrap('<text title="a&quot;b">&lol; &x; &lt;b&gt;</text>')}`)!;
    expect(out.svg).toContain("<text title=\"a&quot;b\">&amp;lol; &amp;x; &lt;b&gt;</text>");
    expect(out.svg).not.toContain("lollollol");
    expect(out.svg).not.toContain("passwd");
  });

  it("is null for what is not an SVG document: HTML, an SVG inside HTML, another namespace, nothing", () => {
    expect(sanitizeSvg("<html><body><svg></svg></body></html>")).toBeNull();
    expect(sanitizeSvg("<!DOCTYPE html><p>hi</p>")).toBeNull();
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/1999/xhtml"><script>x</script></svg>')).toBeNull();
    expect(sanitizeSvg("<svg></svg><svg></svg>")).toBeNull();
    expect(sanitizeSvg("not xml at all")).toBeNull();
    expect(sanitizeSvg("")).toBeNull();
  });

  it("cuts nesting deeper than 64 levels", () => {
    const deep = "<g>".repeat(100) + '<rect width="1" height="1"/>' + "</g>".repeat(100);
    const out = sanitizeSvg(wrap(deep))!;
    expect(out.removed).toEqual(["depth"]);
    expect(out.svg.match(/<g\/?>/g)?.length).toBe(64);
  });
});
