// HTML tables of the consent text as a bordered grid; column widths follow the widest row's colspans.
import { View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { elementChildren, isText, textLength, type DomElement, type DomNode } from "./html-dom";
import { applyStyleAttribute, type Context } from "./html-runs";
import { COLORS } from "./pdf-theme";
import { pdfTag } from "./pdf-tags";

type Flow = (nodes: readonly DomNode[], ctx: Context) => ReactElement[];

const BORDER = { width: 0.5, color: "#7d8890" };
// Rows shorter than this stay on one page; a longer one may break, or it would overflow the page.
const UNBREAKABLE_ROW_CHARS = 500;

function span(cell: DomElement): number {
  const n = Number.parseInt(cell.attribs.colspan ?? "1", 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 1), 50) : 1;
}

const cellsOf = (row: DomElement) => elementChildren(row).filter((c) => c.name === "td" || c.name === "th");

/**
 * Browsers draw the header rows first and the footer rows last, whatever the source order, and
 * move text that sits between rows (outside any cell) above the table; so does this.
 */
function collect(table: DomElement): { captions: DomElement[]; rows: DomElement[]; stray: DomNode[] } {
  const stray: DomNode[] = [];
  const strayText = (el: DomElement) => stray.push(...el.children.filter((c) => isText(c) && c.data.trim() !== ""));
  strayText(table);
  const captions: DomElement[] = [];
  const head: DomElement[] = [];
  const body: DomElement[] = [];
  const foot: DomElement[] = [];
  for (const child of elementChildren(table)) {
    if (child.name === "caption") captions.push(child);
    else if (child.name === "tr") body.push(child);
    else if (child.name === "thead" || child.name === "tbody" || child.name === "tfoot") {
      const target = child.name === "thead" ? head : child.name === "tfoot" ? foot : body;
      strayText(child);
      target.push(...elementChildren(child).filter((r) => r.name === "tr"));
    }
  }
  const rows = [...head, ...body, ...foot];
  rows.forEach(strayText);
  return { captions, rows, stray };
}

export function renderTable(table: DomElement, ctx: Context, key: number, flow: Flow): ReactElement {
  const { captions, rows, stray } = collect(table);
  const columns = Math.max(1, ...rows.map((r) => cellsOf(r).reduce((sum, c) => sum + span(c), 0)));
  const centered: Context = { ...ctx, style: { ...ctx.style, align: "center" } };
  return (
    <View key={key} style={{ marginBottom: 8 }}>
      {stray.length > 0 ? <View style={{ marginBottom: 3 }}>{flow(stray, ctx)}</View> : null}
      {captions.map((c, i) => (
        <View key={`c${i}`} style={{ marginBottom: 3 }}>
          {flow(c.children, { ...centered, style: applyStyleAttribute(centered.style, c.attribs.style) })}
        </View>
      ))}
      <View {...pdfTag("Table")} style={{ borderTopWidth: BORDER.width, borderLeftWidth: BORDER.width, borderColor: BORDER.color }}>
        {rows.map((row, r) => (
          // Right to left, the first column is the rightmost, as in a browser under dir="rtl".
          <View key={r} {...pdfTag("TR")} wrap={textLength(row) > UNBREAKABLE_ROW_CHARS} style={{ flexDirection: ctx.rtl ? "row-reverse" : "row" }}>
            {cellsOf(row).map((cell, i) => {
              const header = cell.name === "th";
              const base = header
                ? { run: { ...ctx.style.run, bold: true }, align: "center" as const }
                : ctx.style;
              const style = applyStyleAttribute(applyStyleAttribute(base, row.attribs.style), cell.attribs.style);
              return (
                <View
                  key={i}
                  {...pdfTag(header ? "TH" : "TD", header ? { scope: cellsOf(row).every((c) => c.name === "th") ? "Column" : "Row" } : {})}
                  style={{
                    width: `${((100 * span(cell)) / columns).toFixed(4)}%`,
                    paddingHorizontal: 4,
                    paddingVertical: 3,
                    borderRightWidth: BORDER.width,
                    borderBottomWidth: BORDER.width,
                    borderColor: BORDER.color,
                    ...(header ? { backgroundColor: COLORS.panel } : {}),
                  }}
                >
                  {flow(cell.children, { ...ctx, style })}
                </View>
              );
            })}
          </View>
        ))}
      </View>
    </View>
  );
}
