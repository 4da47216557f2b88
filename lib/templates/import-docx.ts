// issue #52: a clinic's existing Word form (.docx) becomes a template body. mammoth converts it
// (headings, lists, tables, bold and italic kept); images, macros, embedded objects, headers and
// footers are dropped and named; the result goes through the template sanitizer like any body.
// A .docx is a zip: its entries are read with fflate first, bounded by their declared sizes (fflate
// never writes past them), and only the document's XML parts are handed on, so a zip bomb or a
// 40 MB picture never reaches the converter.
import { unzipSync, zipSync, type UnzipFileInfo } from "fflate";
import mammoth from "mammoth";
import { AppError } from "@/lib/errors";
import { sanitizeGovde, MAX_TEMPLATE_BODY_BYTES } from "@/lib/templates/template-schemas";
import { strippedParts } from "@/lib/templates/sanitize-template-html";
import { placeholdersIn } from "@/lib/templates/variables";
import { readabilityOf, type Readability } from "@/lib/templates/readability";

export const MAX_DOCX_BYTES = 5 * 1024 * 1024;
/** Entries of the zip, at most; a long Word form has a few dozen. */
const MAX_ENTRIES = 2000;
/** The XML parts handed to the converter, uncompressed, at most in all. */
const MAX_XML_BYTES = 24 * 1024 * 1024;
const FIELD = "dosya";

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** What the import left out, for the author to see (the panel words each kind). */
export interface DroppedPart {
  kind: "images" | "macros" | "embedded" | "headers_footers" | "comments" | "elements";
  /** images: how many */
  count?: number;
  /** elements: Word's or HTML's names of what was left out */
  names?: string[];
}

export interface DocxImport {
  /** the sanitized HTML, as it would be stored */
  html: string;
  /** the `{placeholders}` the text names, each once, in order */
  placeholders: string[];
  dropped: DroppedPart[];
  readability: Readability | null;
}

function refuse(message: string): AppError {
  return new AppError("validation_failed", undefined, { [FIELD]: [message] });
}

/** The parts mammoth reads: the package's content types and relations, and Word's own XML parts. */
function isDocumentPart(name: string): boolean {
  return name === "[Content_Types].xml" || name === "_rels/.rels" || /^word\/[^/]+\.xml$/.test(name) || /^word\/_rels\/[^/]+\.xml\.rels$/.test(name);
}

/** What a part left out of the conversion is, for the note; null for parts that hold nothing a reader sees. */
function droppedKind(name: string): DroppedPart["kind"] | null {
  if (/vbaProject\.bin$|vbaData\.xml$/i.test(name)) return "macros";
  if (/^word\/(embeddings|activeX)\//i.test(name)) return "embedded";
  if (/^word\/(header|footer)\d*\.xml$/i.test(name)) return "headers_footers";
  if (/^word\/comments[^/]*\.xml$/i.test(name)) return "comments";
  return null;
}

/** The checked entries of the zip: refuses what is not a .docx or would unpack past the bounds. */
function readPackage(bytes: Uint8Array): { parts: Record<string, Uint8Array>; kinds: Set<DroppedPart["kind"]> } {
  const listed: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (listed.length >= MAX_ENTRIES) throw refuse(`en çok ${MAX_ENTRIES} parçadan oluşan bir Word dosyası yüklenebilir`);
        listed.push(f);
        return false;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse("dosya okunamadı: geçerli bir .docx (Word) dosyası değil");
  }
  if (!listed.some((f) => f.name === "word/document.xml")) throw refuse("dosya bir Word belgesi (.docx) değil: belgenin metni bulunamadı");
  const kept = listed.filter((f) => isDocumentPart(f.name));
  const total = kept.reduce((n, f) => n + f.originalSize, 0);
  if (total > MAX_XML_BYTES) throw refuse("belgenin metni açıldığında çok büyük; daha kısa bir belge yükleyin");
  const kinds = new Set<DroppedPart["kind"]>();
  for (const f of listed) {
    const kind = droppedKind(f.name);
    if (kind) kinds.add(kind);
  }
  try {
    const names = new Set(kept.map((f) => f.name));
    return { parts: unzipSync(bytes, { filter: (f) => names.has(f.name) }), kinds };
  } catch {
    throw refuse("dosya okunamadı: geçerli bir .docx (Word) dosyası değil");
  }
}

/** Word elements mammoth left out, by their names ("w:object"), from its warnings. */
function ignoredElements(messages: readonly { message: string }[]): string[] {
  const names = new Set<string>();
  for (const m of messages) {
    const found = /unrecognised element was ignored: (\S+)/i.exec(m.message);
    if (found && !/^w:(bookmark|proofErr|lastRenderedPageBreak|noBreakHyphen|softHyphen)/.test(found[1]!)) names.add(found[1]!);
  }
  return [...names].slice(0, 12);
}

// Underline is kept (the sanitizer allows <u>); a document's title and subtitle become headings.
const STYLE_MAP = ["u => u", "p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

/**
 * Converts an uploaded Word file to a template body. `name` and `type` are the upload's own, checked
 * before the bytes: only .docx is taken (a .doc or .docm is refused by name, a .pdf by both).
 * Every refusal is a 422 naming `dosya`.
 */
export async function importDocx(file: { name: string; type: string; bytes: Uint8Array }): Promise<DocxImport> {
  if (!/\.docx$/i.test(file.name) || (file.type !== "" && file.type !== DOCX_TYPE && file.type !== "application/octet-stream")) {
    throw refuse("yalnızca Word belgesi (.docx) yüklenebilir; .doc, .docm, PDF ve diğer türler alınmaz");
  }
  if (file.bytes.byteLength === 0) throw refuse("dosya boş");
  if (file.bytes.byteLength > MAX_DOCX_BYTES) throw refuse("dosya en çok 5 MB olabilir");
  const { parts, kinds } = readPackage(file.bytes);

  let images = 0;
  let result: { value: string; messages: { message: string }[] };
  try {
    result = await mammoth.convertToHtml(
      { buffer: Buffer.from(zipSync(parts, { level: 0 })) },
      {
        styleMap: STYLE_MAP,
        // Never follow a link to a file outside the document, and never read a picture's bytes.
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async () => {
          images += 1;
          return { src: "" };
        }),
      },
    );
  } catch {
    throw refuse("dosya okunamadı: Word belgesinin içeriği çözümlenemedi");
  }
  if (Buffer.byteLength(result.value, "utf8") > MAX_TEMPLATE_BODY_BYTES) {
    throw refuse("belgenin metni bir şablon için çok uzun (en çok 256 KiB HTML); belgeyi bölerek yükleyin");
  }
  const html = sanitizeGovde(result.value, FIELD);

  const dropped: DroppedPart[] = [];
  if (images) dropped.push({ kind: "images", count: images });
  for (const kind of ["macros", "embedded", "headers_footers", "comments"] as const) if (kinds.has(kind)) dropped.push({ kind });
  // What the sanitizer removed besides pictures and anchors' ids (footnote links): named as in the editor's preview.
  const elements = [...ignoredElements(result.messages), ...strippedParts(result.value).filter((p) => p !== "<img>" && p !== "id" && p !== "src" && p !== "alt")];
  if (elements.length) dropped.push({ kind: "elements", names: elements });
  return { html, placeholders: placeholdersIn(html), dropped, readability: readabilityOf(html) };
}
