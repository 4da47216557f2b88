// Turns the sanitized consent HTML into @react-pdf elements, keeping every word the person was shown.
import { Link, Text, View, type Styles } from "@react-pdf/renderer";
import { parseDocument } from "htmlparser2";
import type { ReactElement } from "react";
import { elementChildren, isElement, isText, type DomElement, type DomNode } from "./html-dom";
import { applyStyleAttribute, collapseRuns, type BlockStyle, type Context, type Run, type RunStyle } from "./html-runs";
import { MAX_HTML_DEPTH } from "./html-limits";
import { renderTable } from "./html-table";
import { COLORS } from "./pdf-theme";
import { pdfTag, type StructTag } from "./pdf-tags";

type PdfStyle = Styles[string];

const BODY_SIZE = 10;
const LINE_HEIGHT = 1.45;
const HEADING_SIZES: Record<string, number> = { h1: 15, h2: 13, h3: 11.5, h4: 10.5, h5: 10, h6: 9.5 };
const BULLETS = ["•", "◦", "▪"];

const INLINE_STYLE: Record<string, (s: RunStyle) => RunStyle> = {
  b: (s) => ({ ...s, bold: true }),
  strong: (s) => ({ ...s, bold: true }),
  i: (s) => ({ ...s, italic: true }),
  em: (s) => ({ ...s, italic: true }),
  u: (s) => ({ ...s, underline: true }),
  small: (s) => ({ ...s, size: s.size * 0.85 }),
  sub: (s) => ({ ...s, script: "sub", size: s.size * 0.75 }),
  sup: (s) => ({ ...s, script: "super", size: s.size * 0.75 }),
  span: (s) => s,
};

const BLOCK_TAGS = new Set([
  "p", "div", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "hr",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
]);

function runStyle(s: RunStyle): PdfStyle {
  const underline = s.underline || s.href !== null;
  const decoration = underline && s.strike ? "underline line-through" : underline ? "underline" : s.strike ? "line-through" : null;
  return {
    fontSize: s.size,
    fontWeight: s.bold ? "bold" : "normal",
    fontStyle: s.italic ? "italic" : "normal",
    ...(decoration ? { textDecoration: decoration } : {}),
    ...(s.script ? { verticalAlign: s.script } : {}),
    ...(s.href ? { color: COLORS.accent } : {}),
  };
}

/**
 * The base direction of a line. The layout engine orders a line from its first run's direction
 * (left to right unless given), so every run carries it: read left to right, an Arabic sentence's
 * full stop was drawn before its first word.
 */
const directionStyle = (ctx: Context): PdfStyle => (ctx.rtl ? { direction: "rtl" } : {});

function renderLine(runs: readonly Run[], ctx: Context, key: number): ReactElement | null {
  const visible = collapseRuns(runs);
  if (visible.length === 0) return null;
  const direction = directionStyle(ctx);
  return (
    <Text
      key={key}
      style={{ fontSize: ctx.style.run.size, lineHeight: LINE_HEIGHT, ...direction, ...(ctx.style.align ? { textAlign: ctx.style.align } : {}) }}
    >
      {visible.map((r, i) =>
        r.style.href ? (
          <Link key={i} src={r.style.href} style={{ ...runStyle(r.style), ...direction }}>
            {r.text}
          </Link>
        ) : (
          <Text key={i} style={{ ...runStyle(r.style), ...direction }}>
            {r.text}
          </Text>
        ),
      )}
    </Text>
  );
}

/** Lays out mixed content: inline runs gather into one text block until a block element interrupts. */
function renderFlow(nodes: readonly DomNode[], ctx: Context): ReactElement[] {
  const out: ReactElement[] = [];
  let runs: Run[] = [];
  const flush = () => {
    const line = renderLine(runs, ctx, out.length);
    if (line) out.push(line);
    runs = [];
  };
  const walk = (node: DomNode, style: RunStyle) => {
    if (isText(node)) {
      runs.push({ text: node.data, style });
      return;
    }
    if (!isElement(node)) return;
    if (node.name === "br") {
      runs.push({ text: "", style, br: true });
      return;
    }
    if (BLOCK_TAGS.has(node.name)) {
      // Texts stored before the depth rule (html-limits.ts) may nest deeper than the layout engine's
      // stack allows: the deeper blocks become lines of the one that holds them, every word kept.
      if (ctx.depth >= MAX_HTML_DEPTH) {
        runs.push({ text: "", style, br: true });
        for (const child of node.children) walk(child, style);
        runs.push({ text: "", style, br: true });
        return;
      }
      flush();
      const block = renderBlock(node, { ...ctx, style: { ...ctx.style, run: style } }, out.length);
      if (block) out.push(block);
      return;
    }
    const inner = applyStyleAttribute({ run: (INLINE_STYLE[node.name] ?? ((s) => s))(style), align: null }, node.attribs.style).run;
    const linked = node.name === "a" && node.attribs.href ? { ...inner, href: node.attribs.href } : inner;
    for (const child of node.children) walk(child, linked);
  };
  for (const node of nodes) walk(node, ctx.style.run);
  flush();
  return out;
}

function renderList(el: DomElement, ctx: Context, key: number): ReactElement {
  const ordered = el.name === "ol";
  const inner: Context = { ...ctx, listDepth: ctx.listDepth + 1 };
  let n = 0;
  const items = elementChildren(el).map((child, i) => {
    if (child.name !== "li") return renderBlock(child, inner, i);
    n += 1;
    const marker = ordered ? `${n}.` : (BULLETS[ctx.listDepth % BULLETS.length] ?? "•");
    const item = { ...inner, style: applyStyleAttribute(inner.style, child.attribs.style) };
    return (
      // Right to left, the marker stands at the right of its item, as a browser puts it under dir="rtl".
      <View key={i} {...pdfTag("LI")} style={{ flexDirection: ctx.rtl ? "row-reverse" : "row", marginBottom: 2 }}>
        <Text
          {...pdfTag("Lbl")}
          style={{
            width: ordered ? 20 : 14,
            ...(ctx.rtl ? { paddingLeft: 5, textAlign: "left", direction: "rtl" } : { paddingRight: 5, textAlign: "right" }),
            fontSize: ctx.style.run.size,
            lineHeight: LINE_HEIGHT,
          }}
        >
          {marker}
        </Text>
        <View {...pdfTag("LBody")} style={{ flex: 1 }}>
          {renderFlow(child.children, item)}
        </View>
      </View>
    );
  });
  return (
    <View key={key} {...pdfTag("L")} style={{ marginBottom: ctx.listDepth === 0 ? 6 : 0, marginTop: ctx.listDepth === 0 ? 0 : 2 }}>
      {items}
    </View>
  );
}

function renderBlock(el: DomElement, parent: Context, key: number): ReactElement | null {
  const heading = HEADING_SIZES[el.name];
  const base: BlockStyle = heading
    ? { ...parent.style, run: { ...parent.style.run, bold: true, size: heading } }
    : parent.style;
  const ctx: Context = { ...parent, depth: parent.depth + 1, style: applyStyleAttribute(base, el.attribs.style) };
  switch (el.name) {
    case "hr":
      return <View key={key} style={{ borderBottomWidth: 0.75, borderBottomColor: COLORS.rule, marginVertical: 6 }} />;
    case "ul":
    case "ol":
      return renderList(el, ctx, key);
    case "table":
      return renderTable(el, ctx, key, renderFlow);
    case "blockquote":
      return (
        <View
          key={key}
          {...pdfTag("BlockQuote")}
          style={{
            marginVertical: 4,
            ...(ctx.rtl
              ? { marginRight: 10, paddingRight: 8, borderRightWidth: 2, borderRightColor: COLORS.rule }
              : { marginLeft: 10, paddingLeft: 8, borderLeftWidth: 2, borderLeftColor: COLORS.rule }),
          }}
        >
          {renderFlow(el.children, ctx)}
        </View>
      );
    default: {
      const spacing = heading ? { marginTop: 6, marginBottom: 4 } : el.name === "p" ? { marginBottom: 6 } : {};
      const flow = renderFlow(el.children, ctx);
      // Empty blocks take no room on screen either (their margins collapse away).
      if (flow.length === 0) return null;
      return (
        <View key={key} {...(heading ? pdfTag(ctx.headings?.[el.name] ?? "H3") : {})} style={spacing} minPresenceAhead={heading ? 40 : undefined}>
          {flow}
        </View>
      );
    }
  }
}

const BODY_STYLE: BlockStyle = {
  run: { bold: false, italic: false, underline: false, strike: false, script: null, size: BODY_SIZE, href: null },
  align: null,
};

/**
 * The consent text as PDF elements; entities are decoded, and only the sanitizer's tags are expected.
 * `rtl` (Arabic): lines run right to left and align right, list markers and table columns start at
 * the right; the layout engine orders and shapes the right-to-left runs.
 */
export function htmlToPdf(html: string, options: { rtl?: boolean } = {}): ReactElement {
  const doc = parseDocument(html, { decodeEntities: true });
  const style: BlockStyle = options.rtl ? { ...BODY_STYLE, align: "right" } : BODY_STYLE;
  const headings = headingTags(doc.children);
  return <View>{renderFlow(doc.children, { style, listDepth: 0, depth: 0, rtl: options.rtl === true, headings })}</View>;
}

const HEADING_TAGS: readonly StructTag[] = ["H3", "H4", "H5", "H6"];

/**
 * The text sits under its section's H2: its largest heading becomes H3, the next H4, and so on, with
 * no level skipped (PDF/UA-1 wants headings in sequence), whichever of h1–h6 the author used.
 */
export function headingTags(nodes: readonly DomNode[]): Record<string, StructTag> {
  const used = new Set<string>();
  const walk = (n: DomNode) => {
    if (!isElement(n)) return;
    if (HEADING_SIZES[n.name]) used.add(n.name);
    n.children.forEach(walk);
  };
  nodes.forEach(walk);
  const out: Record<string, StructTag> = {};
  [...used].sort().forEach((name, i) => (out[name] = HEADING_TAGS[Math.min(i, HEADING_TAGS.length - 1)]!));
  return out;
}
