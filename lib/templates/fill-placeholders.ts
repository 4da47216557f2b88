// Fills a template version's placeholders for one person. The result is exactly what the person is
// shown and what template.content_sha256 digests, so it is computed once and frozen on the consent.

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The usual five-character escaping, so that a caller can recompute content_sha256 with an ordinary escaper. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** decisions §15: the largest rendered text, in UTF-8 bytes. */
const MAX_RENDERED_BYTES = 512 * 1024;

/**
 * fillPlaceholders with a ceiling: null as soon as the result would pass `maxBytes` (UTF-8), so that a
 * small request repeating a long value in a large body never builds a text of megabytes first.
 */
export function fillPlaceholdersWithin(body: string, values: Readonly<Record<string, string>>, maxBytes = MAX_RENDERED_BYTES): string | null {
  let bytes = 0;
  let last = 0;
  const parts: string[] = [];
  for (const m of body.matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    const piece = body.slice(last, m.index) + (Object.hasOwn(values, name) ? escapeHtml(values[name]!) : m[0]);
    bytes += Buffer.byteLength(piece, "utf8");
    if (bytes > maxBytes) return null;
    parts.push(piece);
    last = m.index + m[0].length;
  }
  const tail = body.slice(last);
  bytes += Buffer.byteLength(tail, "utf8");
  if (bytes > maxBytes) return null;
  parts.push(tail);
  return parts.join("");
}

/** Replaces each `{name}` that has a value with the HTML-escaped value; unknown ones stay as written. */
export function fillPlaceholders(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name]!) : whole,
  );
}
