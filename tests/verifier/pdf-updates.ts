// Incremental updates the verifier's tests make to sealed PDFs (ISO 32000-1 §7.5.6): the honest ones
// a validator or a renewal adds (a DSS with OCSP responses, a document time-stamp) and a signature
// appended to a revision (a physician's, then the seal: a file with several signatures). Built with
// the service's own update writer (lib/sealing/incremental-update.ts), so the forgeries look exactly
// like what the service itself appends.
import { createHash } from "node:crypto";
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from "pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, Signer } from "@signpdf/utils";
import { addDocumentTimestamp } from "@/lib/sealing/add-document-timestamp";
import { cadesSignature, type SignatureTimestamper } from "@/lib/sealing/cades-signature";
import { appendRevision, loadForUpdate } from "@/lib/sealing/incremental-update";
import { attachToForm } from "@/lib/sealing/signature-field";
import type { SealKey } from "@/lib/sealing/seal-types";

export type { SignatureTimestamper };

class CadesSigner extends Signer {
  constructor(
    private readonly key: SealKey,
    private readonly timestamp: SignatureTimestamper | null,
  ) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    return (await cadesSignature(content, this.key, this.timestamp)).der;
  }
}

export interface AppendSignatureOptions {
  key: SealKey;
  timestamp: SignatureTimestamper | null;
  name: string;
  /** bytes reserved for the CMS (a chain of RSA-4096 certificates and a token with its own chain need room) */
  reserve?: number;
  /** a visible widget rectangle instead of an invisible one */
  rect?: [number, number, number, number];
}

/** `pdf` with one more revision: a signature field and its ETSI.CAdES.detached signature. */
export async function appendSignature(pdf: Buffer, o: AppendSignatureOptions): Promise<Buffer> {
  const doc = await loadForUpdate(pdf);
  const { context } = doc;
  const placeholder = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  const sig = context.register(
    context.obj({
      Type: "Sig",
      Filter: "Adobe.PPKLite",
      SubFilter: "ETSI.CAdES.detached",
      ByteRange: [PDFNumber.of(0), placeholder, placeholder, placeholder],
      Contents: PDFHexString.of("0".repeat((o.reserve ?? 32_768) * 2)),
      M: PDFString.fromDate(new Date()),
      Name: PDFHexString.fromText(o.name),
    }),
  );
  const page = doc.getPages()[0]!;
  const widget = context.register(
    context.obj({ Type: "Annot", Subtype: "Widget", FT: "Sig", Rect: o.rect ?? [0, 0, 0, 0], V: sig, T: PDFHexString.fromText(o.name), F: 4, P: page.ref }),
  );
  const revised = appendRevision(pdf, doc, [sig, widget, ...attachToForm(doc, widget)]);
  return new SignPdf().sign(revised, new CadesSigner(o.key, o.timestamp));
}

/** A DSS revision (ETSI EN 319 142-1 §5.4.2) holding what it had and `add`, OCSP responses included. */
export async function appendDss(pdf: Buffer, add: { certificates?: Buffer[]; crls?: Buffer[]; ocsps?: Buffer[] }): Promise<Buffer> {
  const doc = await loadForUpdate(pdf);
  const { context } = doc;
  const old = doc.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  const written: PDFRef[] = [];
  const merged = (key: string, items: Buffer[] = []) => {
    const refs = (old?.lookupMaybe(PDFName.of(key), PDFArray)?.asArray() ?? []).filter((r): r is PDFRef => r instanceof PDFRef);
    for (const der of items) {
      const ref = context.register(context.flateStream(der));
      refs.push(ref);
      written.push(ref);
    }
    return context.obj(refs);
  };
  const dss = context.register(context.obj({ Type: "DSS", Certs: merged("Certs", add.certificates), CRLs: merged("CRLs", add.crls), OCSPs: merged("OCSPs", add.ocsps) }));
  doc.catalog.set(PDFName.of("DSS"), dss);
  return appendRevision(pdf, doc, [context.trailerInfo.Root as PDFRef, dss, ...written]);
}

/** A document time-stamp revision, as the service's sealing (and a renewal) adds it. */
export async function appendDocTimestamp(pdf: Buffer, timestamp: SignatureTimestamper): Promise<Buffer> {
  const out = await addDocumentTimestamp(pdf, await loadForUpdate(pdf), timestamp);
  if (!out) throw new Error("the TSA gave no token");
  return out.pdf;
}

export const sha256Hex = (b: Buffer) => createHash("sha256").update(b).digest("hex");
