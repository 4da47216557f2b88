// What the WYSIWYG editor (rich-text-editor.tsx, tiptap's StarterKit) can hold of a template body.
// The sanitizer keeps more (tables, sub/sup/small, text-align styles): a body with those opened in
// the editor and changed there would lose them, so the editor says so before the author edits.
const EDITOR_TAGS = new Set(["p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "b", "em", "i", "u", "a", "blockquote", "hr", "div", "span"]);

const MAX_NAMED = 8;

/** The elements (`<table>`) and the `style` attribute of `html` that the editor would drop; empty when it holds all. */
export function editorUnsupported(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    const tag = m[1]!.toLowerCase();
    if (!EDITOR_TAGS.has(tag)) found.add(`<${tag}>`);
    else if (/\sstyle\s*=/i.test(m[2]!)) found.add("style");
    if (found.size >= MAX_NAMED) break;
  }
  return [...found];
}
