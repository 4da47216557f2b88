// A template body as plain text for reading a diff (issue #42): one line per block (paragraph, heading,
// list item, table row), list items marked, entities decoded, no tags. What the person reads, not how
// it is drawn; the HTML itself is compared separately (diff-template-versions.ts).
import { Parser } from "htmlparser2";

const BLOCKS = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "table", "thead", "tbody", "tfoot", "tr", "caption", "hr"]);

/** The readable text of an HTML body: blocks on their own lines, `•`/`1.` before list items, cells split by ` | `. */
export function templateText(html: string): string {
  const lines: string[] = [];
  let line = "";
  // A list item's marker and indent, kept apart from its text, which is trimmed.
  let prefix = "";
  // One counter per open list: null for a bullet list, the next number for a numbered one.
  const lists: (number | null)[] = [];
  const flush = () => {
    const text = line.replace(/[ \t\r\n\f\u00a0]+/g, " ").trim();
    if (text) lines.push(prefix + text);
    line = "";
    prefix = "";
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "br") {
          flush();
          return;
        }
        if (BLOCKS.has(name)) flush();
        if (name === "ul") lists.push(null);
        if (name === "ol") lists.push(1);
        if (name === "li") {
          const depth = Math.max(lists.length - 1, 0);
          const n = lists.at(-1);
          prefix = `${"  ".repeat(depth)}${typeof n === "number" ? `${n}.` : "•"} `;
          if (typeof n === "number") lists[lists.length - 1] = n + 1;
        }
        if ((name === "td" || name === "th") && line.trim() !== "") line += " | ";
        if (name === "hr") lines.push("—");
      },
      ontext(text) {
        line += text;
      },
      onclosetag(name) {
        if (name === "ul" || name === "ol") lists.pop();
        if (BLOCKS.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return lines.join("\n");
}

/** The HTML with a line break after each block's end, so that a line diff of two bodies reads tag by block. */
export function htmlLines(html: string): string {
  return html
    .replace(/\r\n?/g, "\n")
    .replace(/(<\/(?:p|div|h[1-6]|blockquote|ul|ol|li|table|thead|tbody|tfoot|tr|caption)>|<(?:ul|ol|table|thead|tbody|tfoot|tr)\b[^>]*>|<br\s*\/?>|<hr\s*\/?>)(?!\n)/gi, "$1\n")
    .replace(/\n+$/, "");
}
