// Turns a rendered PDF into PDF/A-3b (decisions §14) and, when it is to be sealed, reserves the
// signature: XMP metadata with pdfaid, an sRGB output intent, the evidence as an associated file
// (`Supplement`), a Document Security Store with the certificates a verifier needs, and an
// invisible ETSI.CAdES.detached signature field whose /Contents is filled in by sealPdf. Runs on a
// document worker: it parses and rewrites the whole file, the costly part of sealing.
import { createHash } from "node:crypto";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHeader,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFString,
  ParseSpeeds,
  type PDFRef,
} from "pdf-lib";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { srgbIccProfile } from "@/lib/documents/srgb-icc";

export interface ArchiveOptions {
  title: string;
  author: string;
  createdAt: Date;
  /** embedded as an associated file with AFRelationship Supplement */
  attachment?: { name: string; description: string; json: string };
}

export interface SignaturePlaceholder {
  signerName: string;
  reason: string;
  location: string;
  signingTime: Date;
  /** DER certificates (the seal's chain, the TSA's chain) for the Document Security Store */
  certificates: Uint8Array[];
  /**
   * bytes reserved for the CMS (signature-size.ts). Revocation data is not here: it is had after
   * the signature, so that it speaks of the seal at its signature time (seal-pdf.ts).
   */
  contentsBytes: number;
}
const PRODUCER = "e-Onam";

function xmpDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function xmlText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function xmp(o: ArchiveOptions): string {
  const date = xmpDate(o.createdAt);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>3</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(o.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${xmlText(o.author)}</rdf:li></rdf:Seq></dc:creator>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdf:Producer>${PRODUCER}</pdf:Producer>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * The placeholder writes /Name, /Reason and /Location as PDF literal strings byte by byte, unescaped:
 * "Ş" would come out as "^" and an unbalanced parenthesis would break the file. Given as UTF-16BE with
 * a byte-order mark (a PDF text string) in a "binary" JS string, with ( ) \\ CR LF escaped.
 */
function literalText(text: string): string {
  const bytes = /^[\x20-\x7e]*$/.test(text) ? Buffer.from(text, "latin1") : Buffer.concat([Buffer.of(0xfe, 0xff), Buffer.from(text, "utf16le").swap16()]);
  const escapes: Record<number, string> = { 0x28: "\\(", 0x29: "\\)", 0x5c: "\\\\", 0x0d: "\\r", 0x0a: "\\n" };
  return Array.from(bytes, (b) => escapes[b] ?? String.fromCharCode(b)).join("");
}

function embedFile(doc: PDFDocument, file: NonNullable<ArchiveOptions["attachment"]>, at: Date): PDFRef {
  const { context } = doc;
  const bytes = Buffer.from(file.json, "utf8");
  const stream = context.flateStream(bytes, {
    Type: "EmbeddedFile",
    Subtype: "application/json",
    Params: { Size: bytes.length, ModDate: PDFString.fromDate(at) },
  });
  const streamRef = context.register(stream);
  const spec = context.obj({
    Type: "Filespec",
    F: PDFString.of(file.name),
    UF: PDFHexString.fromText(file.name),
    Desc: PDFHexString.fromText(file.description),
    EF: { F: streamRef, UF: streamRef },
    AFRelationship: "Supplement",
  });
  const specRef = context.register(spec);
  const names = context.obj({ Names: [PDFString.of(file.name), specRef] });
  doc.catalog.set(PDFName.of("Names"), context.obj({ EmbeddedFiles: context.register(names) }));
  doc.catalog.set(PDFName.of("AF"), context.obj([specRef]));
  return specRef;
}

/** PDF/A wants every annotation printable and none hidden; the renderer's links carry no flags. */
function printableAnnotations(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
    for (let i = 0; annots && i < annots.size(); i++) {
      const annot = annots.lookup(i, PDFDict);
      annot.set(PDFName.of("F"), PDFNumber.of(4));
    }
  }
}

function addDss(doc: PDFDocument, p: SignaturePlaceholder): void {
  const { context } = doc;
  const streams = (items: Uint8Array[]) => context.obj(items.map((der) => context.register(context.flateStream(der))));
  doc.catalog.set(PDFName.of("DSS"), context.obj({ Certs: streams(p.certificates) }));
}

export async function archivePdf(pdf: Uint8Array, options: ArchiveOptions, signature: SignaturePlaceholder | null): Promise<Uint8Array> {
  // Without yielding to the event loop every few objects (pdf-lib's default): on a worker thread there
  // is nothing to yield to, and under load each yield only added latency.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const { context } = doc;
  // PDF/A-3 is based on PDF 1.7 (pdf-lib writes the binary comment line after the header). The file
  // identifier is derived from the content, so it is stable.
  context.header = PDFHeader.forVersion(1, 7);
  const id = createHash("sha256").update(pdf).digest("hex").slice(0, 32);
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  const when = PDFString.fromDate(options.createdAt);
  // The document information dictionary says exactly what the XMP says (ISO 19005-3 §6.6.2.3).
  context.trailerInfo.Info = context.register(
    context.obj({
      Title: PDFHexString.fromText(options.title),
      Author: PDFHexString.fromText(options.author),
      Creator: PDFString.of(PRODUCER),
      Producer: PDFString.of(PRODUCER),
      CreationDate: when,
      ModDate: when,
    }),
  );
  doc.catalog.set(PDFName.of("Metadata"), context.register(context.stream(Buffer.from(xmp(options), "utf8"), { Type: "Metadata", Subtype: "XML" })));
  const icc = context.register(context.flateStream(srgbIccProfile(), { N: 3 }));
  doc.catalog.set(
    PDFName.of("OutputIntents"),
    context.obj([
      {
        Type: "OutputIntent",
        S: "GTS_PDFA1",
        OutputConditionIdentifier: PDFString.of("sRGB IEC61966-2.1"),
        Info: PDFString.of("sRGB IEC61966-2.1"),
        DestOutputProfile: icc,
      },
    ]),
  );
  if (options.attachment) embedFile(doc, options.attachment, options.createdAt);
  printableAnnotations(doc);
  if (signature) {
    addDss(doc, signature);
    pdflibAddPlaceholder({
      pdfDoc: doc,
      reason: literalText(signature.reason),
      contactInfo: "",
      name: literalText(signature.signerName),
      location: literalText(signature.location),
      signingTime: signature.signingTime,
      // Counted in hexadecimal digits: two per byte.
      signatureLength: signature.contentsBytes * 2,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    });
  }
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false, objectsPerTick: Number.POSITIVE_INFINITY });
}
