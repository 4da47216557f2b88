import { describe, expect, it } from "vitest";
import { htmlShape, htmlShapeProblem, MAX_HTML_ELEMENTS, MAX_HTML_DEPTH } from "./html-limits";

describe("htmlShape", () => {
  it("counts depth and elements as the parser builds the tree: void elements and implied ends close", () => {
    expect(htmlShape("<p>a<br>b<b><i>c</i></b></p><ul><li>x<li>y</ul>")).toEqual({ depth: 3, elements: 7 });
    expect(htmlShape("<p>a<p>b<p>c")).toEqual({ depth: 1, elements: 3 });
    expect(htmlShape("<table><tr><td>a</td><td>b</td></tr></table>")).toEqual({ depth: 3, elements: 4 });
    expect(htmlShape("düz metin")).toEqual({ depth: 0, elements: 0 });
  });

  it("stops reading one level past the depth limit (33 elements seen of 100 000)", () => {
    expect(htmlShape("<div>".repeat(100_000))).toEqual({ depth: MAX_HTML_DEPTH + 1, elements: MAX_HTML_DEPTH + 1 });
  });
});

describe("htmlShapeProblem", () => {
  it("accepts the limits and names what is past them", () => {
    expect(htmlShapeProblem(`${"<span>".repeat(MAX_HTML_DEPTH)}x`)).toBeNull();
    expect(htmlShapeProblem("<p>x</p>".repeat(MAX_HTML_ELEMENTS))).toBeNull();
    expect(htmlShapeProblem(`${"<span>".repeat(MAX_HTML_DEPTH + 1)}x`)).toBe("en çok 32 iç içe HTML öğesi olabilir");
    expect(htmlShapeProblem("<b>x</b> ".repeat(MAX_HTML_ELEMENTS + 1))).toBe("en çok 10000 HTML öğesi olabilir (10001 var)");
  });
});
