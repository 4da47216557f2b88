// The signatures of a PDF at the byte level, as tests and tools look at them: each one's /SubFilter,
// /ByteRange, CMS (without its padding), the bytes it covers, and whether it covers the whole file.
// The verifier's own reading (pdf/signature-fields.ts), which refuses a range that frames anything
// but the signature's own /Contents.
import { PdfFile } from "@/lib/verifier/pdf/pdf-file";
import { signatureFields } from "@/lib/verifier/pdf/signature-fields";

interface PdfSignature {
  /** ETSI.CAdES.detached (a signature) or ETSI.RFC3161 (a document time-stamp) */
  subFilter: string;
  range: [number, number, number, number];
  covered: Buffer;
  cms: Buffer;
  /** whether the range covers the whole file but the signature's own /Contents */
  coversWholeFile: boolean;
}

export function pdfSignatures(pdf: Buffer): PdfSignature[] {
  return signatureFields(new PdfFile(pdf)).map((s) => ({
    subFilter: s.subFilter,
    range: s.range,
    covered: s.covered,
    cms: s.cms,
    coversWholeFile: s.range[2] + s.range[3] >= pdf.length - 2 && /^\s*$/.test(pdf.toString("latin1", s.range[2] + s.range[3])),
  }));
}
