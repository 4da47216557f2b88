// An institution's SVG logo, made safe to serve (decisions §23): parsed as XML and written anew from
// an allow-list of static SVG elements and attributes. Dropped: scripts, event handlers, foreignObject,
// images, links, animation, and every reference that leaves the file (href other than "#id", url()
// other than url(#id), CSS @import), so that neither a browser opening /brand/… directly nor the
// rasterizer ever loads or runs anything. Nothing of the input is copied as text: comments, the
// DOCTYPE (and its entities), processing instructions and unknown namespaces disappear.
import { DomUtils, parseDocument } from "htmlparser2";
import { isElement, type DomElement, type DomNode } from "@/lib/documents/html-dom";

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";

/** Static drawing: shapes, text, paint servers, clipping, masking and filters (not feImage, which loads a file). */
const ELEMENTS = new Set([
  "svg", "g", "defs", "symbol", "use", "title", "desc", "style", "marker", "switch",
  "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
  "text", "tspan", "textPath",
  "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask",
  "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
  "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
  "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight", "feSpecularLighting",
  "feSpotLight", "feTile", "feTurbulence",
]);
/** Elements whose text is content (drawn, or the stylesheet); elsewhere text is only whitespace. */
const TEXT_ELEMENTS = new Set(["title", "desc", "style", "text", "tspan", "textPath"]);
/** Attributes with a namespace prefix that may stay (xmlns declarations are written anew). */
const PREFIXED = new Set(["xlink:href", "xml:space", "xml:lang"]);
const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;
const MAX_ELEMENTS = 10_000;
const MAX_DEPTH = 64;

interface SanitizedSvg {
  svg: string;
  /** what was taken out, by element or attribute name (for the owner to be told) */
  removed: string[];
}

/** A value that names something outside the file, or code: javascript:/data: anywhere, url() to anything but #id, CSS escapes and @import. */
function unsafeValue(value: string): boolean {
  const compact = value.replace(/[\s\u0000-\u001f]+/g, "").toLowerCase();
  if (/javascript:|vbscript:|data:|@import|expression\(|\\/.test(compact)) return true;
  for (const m of compact.matchAll(/url\(([^)]*)\)?/g)) if (!/^["']?#[^"')]*["']?$/.test(m[1] ?? "")) return true;
  return false;
}

function escapeXml(text: string, attribute: boolean): string {
  const out = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return attribute ? out.replace(/"/g, "&quot;").replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`) : out;
}

/** A stylesheet's text: kept unless it could load something, which takes the whole sheet out. */
function styleText(el: DomElement, removed: Set<string>): string {
  const text = DomUtils.textContent(el);
  if (unsafeValue(text)) {
    removed.add("style");
    return "";
  }
  return text;
}

interface Writer {
  out: string[];
  removed: Set<string>;
  count: number;
  xlink: boolean;
}

function writeAttributes(el: DomElement, w: Writer): string {
  let attrs = "";
  for (const [name, value] of Object.entries(el.attribs)) {
    const lower = name.toLowerCase();
    if (lower === "xmlns" || lower.startsWith("xmlns:")) continue;
    const prefixed = name.includes(":");
    const href = lower === "href" || lower === "xlink:href";
    const unsafe =
      !ATTRIBUTE_NAME.test(name) ||
      lower.startsWith("on") ||
      (prefixed && !PREFIXED.has(lower)) ||
      (href ? !/^#[A-Za-z0-9_.:-]*$/.test(value.trim()) : unsafeValue(value));
    if (unsafe) {
      w.removed.add(lower.startsWith("on") ? "on*" : name);
      continue;
    }
    if (lower.startsWith("xlink:")) w.xlink = true;
    attrs += ` ${name}="${escapeXml(href ? value.trim() : value, true)}"`;
  }
  return attrs;
}

function writeNode(node: DomNode, depth: number, parent: string, w: Writer): void {
  if (!isElement(node)) {
    // Text and CDATA: only inside elements whose text is content.
    if (TEXT_ELEMENTS.has(parent) && "data" in node && node.type === "text") w.out.push(escapeXml(node.data, false));
    if (TEXT_ELEMENTS.has(parent) && node.type === "cdata" && "children" in node) {
      for (const c of node.children) if ("data" in c) w.out.push(escapeXml(c.data, false));
    }
    return;
  }
  const name = node.name;
  if (!ELEMENTS.has(name) || depth > MAX_DEPTH || ++w.count > MAX_ELEMENTS) {
    w.removed.add(ELEMENTS.has(name) ? "depth" : name);
    return;
  }
  const attrs = writeAttributes(node, w);
  if (name === "style") {
    w.out.push(`<style${attrs}>${escapeXml(styleText(node, w.removed), false)}</style>`);
    return;
  }
  const open = w.out.push(`<${name}${attrs}>`);
  for (const child of node.children) writeNode(child, depth + 1, name, w);
  if (w.out.length === open) w.out[open - 1] = `<${name}${attrs}/>`;
  else w.out.push(`</${name}>`);
}

/**
 * The SVG written anew from what is allowed; null when the text is not an SVG document (its first
 * element is not <svg>, e.g. an HTML page).
 */
export function sanitizeSvg(text: string): SanitizedSvg | null {
  const doc = parseDocument(text, { xmlMode: true, decodeEntities: true, recognizeCDATA: true });
  const elements = doc.children.filter(isElement);
  const root = elements[0];
  if (!root || elements.length !== 1 || root.name !== "svg") return null;
  const xmlns = root.attribs.xmlns;
  if (xmlns !== undefined && xmlns !== SVG_NS) return null;
  const w: Writer = { out: [], removed: new Set(), count: 0, xlink: false };
  writeNode(root, 0, "", w);
  // The root's namespace declarations, which writeAttributes skipped: the SVG one always.
  const ns = ` xmlns="${SVG_NS}"${w.xlink ? ` xmlns:xlink="${XLINK_NS}"` : ""}`;
  w.out[0] = w.out[0]!.replace(/^<svg/, `<svg${ns}`);
  return { svg: w.out.join(""), removed: [...w.removed].sort() };
}
