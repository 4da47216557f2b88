// Template bodies are stored sanitized (decisions §5 "Templates"): the text is shown on the signing
// page and frozen into the signed PDF, so nothing in it may run code or fetch anything.
import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = [
  "h1", "h2", "h3", "h4", "h5", "h6",
  "p", "div", "span", "blockquote",
  "ul", "ol", "li",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  "b", "strong", "i", "em", "u", "br", "hr", "sub", "sup", "small",
  "a",
];

// Dropping only the tag would leak these elements' raw text (script source, CSS, fallback
// markup) into the consent text, so their content goes with them.
const DISCARD_WITH_CONTENT = [
  "script", "style", "noscript", "template", "xmp", "plaintext", "noembed", "noframes",
  "iframe", "frame", "frameset", "object", "embed", "applet",
  "svg", "math", "canvas", "audio", "video",
  "textarea", "select", "option", "button",
  "head", "title",
];

// Anchored keyword lists: no url(), expression(), var() or anything else that could load a resource.
const SAFE_STYLES: Record<string, RegExp[]> = {
  "text-align": [/^(left|right|center|justify|start|end)$/i],
  "font-weight": [/^(normal|bold|bolder|lighter|[1-9]00)$/i],
  "font-style": [/^(normal|italic|oblique)$/i],
  "text-decoration": [/^(none|underline|overline|line-through)(\s+(underline|overline|line-through))*$/i],
};

/** The href when it is an absolute http(s) URL (after the parser decoded entities), otherwise null. */
function absoluteHttpUrl(href: string): string | null {
  const value = href.trim();
  // Whitespace and control characters are how `java\tscript:` style tricks hide a scheme.
  if (!/^https?:\/\//i.test(value) || /[\s\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? value : null;
  } catch {
    return null;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    "*": ["style"],
    a: ["href", "rel"],
    td: ["colspan", "rowspan", "style"],
    th: ["colspan", "rowspan", "style"],
  },
  allowedStyles: { "*": SAFE_STYLES },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DISCARD_WITH_CONTENT,
  transformTags: {
    // Relative and scheme-less links are dropped as well: the body is shown on our domain
    // and in a PDF, where a relative target means nothing the author could have intended.
    a: (tagName, attribs) => {
      const href = attribs.href === undefined ? null : absoluteHttpUrl(attribs.href);
      const kept: sanitizeHtml.Attributes = {};
      if (attribs.style !== undefined) kept.style = attribs.style;
      if (href) {
        kept.href = href;
        kept.rel = "noopener noreferrer";
      }
      return { tagName, attribs: kept };
    },
  },
};

/** Sanitizes a template body to the allowed subset of HTML; `{placeholders}` in text pass unchanged. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** True when the HTML has no visible text (e.g. a body that was only a script). */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\u00a0/g, "").trim() === "";
}

const MAX_NAMED = 12;

/**
 * What sanitizing removes from html, named for the author (the panel's preview): each disallowed
 * element once (`<script>`), and each disallowed attribute once (`onerror`). At most 12 names.
 */
export function strippedParts(html: string): string[] {
  const named = new Set<string>();
  const allowedAttributes = OPTIONS.allowedAttributes as Record<string, string[]>;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (named.size >= MAX_NAMED) return;
        if (!ALLOWED_TAGS.includes(name)) {
          named.add(`<${name}>`);
          return;
        }
        for (const attr of Object.keys(attribs)) {
          if (![...(allowedAttributes["*"] ?? []), ...(allowedAttributes[name] ?? [])].includes(attr)) named.add(attr);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return [...named].slice(0, MAX_NAMED);
}
