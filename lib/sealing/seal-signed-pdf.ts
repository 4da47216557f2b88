// decisions §24: the institution's seal after a physician's qualified signature. The file the
// physician signed stays as it is: the seal's signature field and its placeholder come in an
// incremental update after it, and sealPdf fills them, then adds the DSS (the physician's chain and
// its status too) and the document time-stamp. So the file holds the physician's signature, then the
// seal, then the document time-stamp, and each covers everything before it.
import { PDFHexString, PDFString } from "pdf-lib";
import { appendRevision, loadForUpdate } from "@/lib/sealing/incremental-update";
import { addSignatureField, placeholderEntries } from "@/lib/sealing/signature-field";
import { sealPdf, type SealLevel, type SealServices } from "@/lib/sealing/seal-pdf";
import type { SealKey } from "@/lib/sealing/seal-types";

export interface SealField {
  signerName: string;
  reason: string;
  location: string;
  signingTime: Date;
  contentsBytes: number;
}

/** `signed` with a seal signature field reserved after it (an incremental update), ready for sealPdf. */
export async function reserveSealAfter(signed: Buffer, field: SealField): Promise<Buffer> {
  const doc = await loadForUpdate(signed);
  const value = doc.context.obj({
    Type: "Sig",
    Filter: "Adobe.PPKLite",
    SubFilter: "ETSI.CAdES.detached",
    ...placeholderEntries(field.contentsBytes),
    Reason: PDFHexString.fromText(field.reason),
    Name: PDFHexString.fromText(field.signerName),
    Location: PDFHexString.fromText(field.location),
    M: PDFString.fromDate(field.signingTime),
  });
  return appendRevision(signed, doc, addSignatureField(doc, value, "Muhur1"));
}

export async function sealSignedPdf(signed: Buffer, seal: SealKey, s: SealServices, field: SealField): Promise<{ pdf: Buffer; level: SealLevel }> {
  return sealPdf(await reserveSealAfter(signed, field), seal, s);
}
