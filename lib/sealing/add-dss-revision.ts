// The Document Security Store after the signature (ETSI EN 319 142-1 §5.4, decisions §20): a revision
// whose DSS holds the signed revision's certificates and CRLs (archivePdf put the seal's and the TSA's
// chains and the authority's CRL there, known before signing) and what only the signature brought: the
// certificates inside its signature-time-stamp token. The document time-stamp that follows covers it.
// No /VRI: it is optional, and keyed by a hash of the signature whose input implementations disagree
// on; validators read the document-wide /Certs and /CRLs.
import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument } from "pdf-lib";
import { appendRevision } from "@/lib/sealing/incremental-update";

export interface ValidationData {
  /** DER certificates */
  certificates: Uint8Array[];
  /** DER CRLs */
  crls: Uint8Array[];
}

function entries(doc: PDFDocument, dss: PDFDict | undefined, key: "Certs" | "CRLs"): { refs: PDFRef[]; ders: Buffer[] } {
  const array = dss?.lookupMaybe(PDFName.of(key), PDFArray);
  const refs = (array?.asArray() ?? []).filter((o): o is PDFRef => o instanceof PDFRef);
  const ders = refs.map((ref) => {
    const stream = doc.context.lookup(ref);
    return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()) : Buffer.alloc(0);
  });
  return { refs, ders };
}

/** `pdf` (loaded as `doc`) with a DSS revision holding everything it had and `add`, each item once. */
export function addDssRevision(pdf: Buffer, doc: PDFDocument, add: ValidationData): Buffer {
  const { context } = doc;
  const old = doc.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  const written: PDFRef[] = [];
  const merged = (key: "Certs" | "CRLs", items: Uint8Array[]): PDFArray => {
    const { refs, ders } = entries(doc, old, key);
    for (const der of items) {
      const bytes = Buffer.from(der.buffer, der.byteOffset, der.byteLength);
      if (ders.some((d) => d.equals(bytes))) continue;
      const ref = context.register(context.flateStream(bytes));
      refs.push(ref);
      ders.push(bytes);
      written.push(ref);
    }
    return context.obj(refs);
  };
  const dss = context.register(context.obj({ Type: "DSS", Certs: merged("Certs", add.certificates), CRLs: merged("CRLs", add.crls) }));
  doc.catalog.set(PDFName.of("DSS"), dss);
  const root = context.trailerInfo.Root;
  if (!(root instanceof PDFRef)) throw new Error("the PDF's catalog is not an indirect object");
  return appendRevision(pdf, doc, [root, dss, ...written]);
}
