// Fills a template version's placeholders for one person. The result is exactly what the person is
// shown and what template.content_sha256 digests, so it is computed once and frozen on the consent.

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The usual five-character escaping, so that a caller can recompute content_sha256 with an ordinary escaper. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Replaces each `{name}` that has a value with the HTML-escaped value; unknown ones stay as written. */
export function fillPlaceholders(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name]!) : whole,
  );
}
