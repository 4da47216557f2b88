// The Document Security Store after a signature (ETSI EN 319 142-1 §5.4, decisions §20, §24): a
// revision whose DSS holds everything the one before held plus the certificates, OCSP responses and
// CRLs had since — the signature-time-stamp's certificates and the status of every certificate of the
// seal's and the TSA's chains — and a /VRI entry per signature naming the items that validate it.
// The VRI key is the upper-case hex SHA-1 of the signature's /Contents as it stands in the file for a
// CMS signature (padding included), and of the token's DER for a document time-stamp: what PDFBox's
// and iText's LTV code compute, so that their validators find it.
import { createHash } from "node:crypto";
import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument } from "pdf-lib";
import { appendRevision } from "@/lib/sealing/incremental-update";
import type { ValidationData } from "@/lib/sealing/collect-validation-data";

interface VriEntry extends ValidationData {
  /** vriKey() of the signature */
  key: string;
}

const KEYS = { certificates: ["Certs", "Cert"], ocsps: ["OCSPs", "OCSP"], crls: ["CRLs", "CRL"] } as const;

export function vriKey(bytes: Uint8Array): string {
  return createHash("sha1").update(bytes).digest("hex").toUpperCase();
}

function entries(doc: PDFDocument, dss: PDFDict | undefined, key: string): { refs: PDFRef[]; ders: Buffer[] } {
  const array = dss?.lookupMaybe(PDFName.of(key), PDFArray);
  const refs = (array?.asArray() ?? []).filter((o): o is PDFRef => o instanceof PDFRef);
  const ders = refs.map((ref) => {
    const stream = doc.context.lookup(ref);
    return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()) : Buffer.alloc(0);
  });
  return { refs, ders };
}

/** `pdf` (loaded as `doc`) with a DSS revision holding everything it had and `add`, each item once, and `vri`. */
export function addDssRevision(pdf: Buffer, doc: PDFDocument, add: ValidationData, vri: VriEntry[] = []): Buffer {
  const { context } = doc;
  const old = doc.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  const written: PDFRef[] = [];
  const dss = context.obj({ Type: "DSS" });
  /** The stream holding each DER, by its hex: the VRI entries name the same objects as the arrays. */
  const refOf = new Map<string, PDFRef>();
  for (const [field, [key]] of Object.entries(KEYS) as [keyof ValidationData, (typeof KEYS)[keyof ValidationData]][]) {
    const { refs, ders } = entries(doc, old, key);
    ders.forEach((d, i) => refOf.set(d.toString("hex"), refs[i]!));
    for (const item of [...add[field], ...vri.flatMap((v) => v[field])]) {
      const hex = item.toString("hex");
      if (refOf.has(hex)) continue;
      const ref = context.register(context.flateStream(item));
      refs.push(ref);
      refOf.set(hex, ref);
      written.push(ref);
    }
    if (refs.length) dss.set(PDFName.of(key), context.obj(refs));
  }
  const oldVri = old?.lookupMaybe(PDFName.of("VRI"), PDFDict);
  if (oldVri || vri.length) {
    const vriDict = context.obj({});
    for (const [name, value] of oldVri?.entries() ?? []) vriDict.set(name, value);
    for (const entry of vri) {
      const item = context.obj({});
      for (const [field, [, key]] of Object.entries(KEYS) as [keyof ValidationData, (typeof KEYS)[keyof ValidationData]][]) {
        const refs = entry[field].map((d) => refOf.get(d.toString("hex"))!);
        if (refs.length) item.set(PDFName.of(key), context.obj(refs));
      }
      vriDict.set(PDFName.of(entry.key), item);
    }
    dss.set(PDFName.of("VRI"), vriDict);
  }
  const dssRef = context.register(dss);
  doc.catalog.set(PDFName.of("DSS"), dssRef);
  const root = context.trailerInfo.Root;
  if (!(root instanceof PDFRef)) throw new Error("the PDF's catalog is not an indirect object");
  return appendRevision(pdf, doc, [root, dssRef, ...written]);
}
