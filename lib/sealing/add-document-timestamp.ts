// The document time-stamp (ISO 32000-2 §12.8.5, ETSI EN 319 142-1 B-LTA; decisions §20): a revision
// with an invisible signature field whose value is a /DocTimeStamp dictionary (/SubFilter
// /ETSI.RFC3161), and an RFC 3161 token over everything but its own /Contents, filled in by the same
// byte-range code as the seal (@signpdf). It covers the seal, its signature-time-stamp and the DSS
// revision before it, so the validation data has a proof of existence of its own.
import { createHash } from "node:crypto";
import type { PDFDocument, PDFRef } from "pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { tokenBytes } from "@/lib/timestamping/tsa-asn1";
import type { SignatureTimestamper } from "@/lib/sealing/cades-signature";
import { appendRevision, loadForUpdate } from "@/lib/sealing/incremental-update";
import { addSignatureField, placeholderEntries } from "@/lib/sealing/signature-field";
import { rememberTokenSize, SIZE_MARGIN, tokenAllowance } from "@/lib/sealing/signature-size";

export const SUBFILTER_ETSI_RFC3161 = "ETSI.RFC3161";
class NoToken extends Error {}

class TimestampSigner extends Signer {
  token: Buffer | null = null;
  constructor(private readonly timestamp: SignatureTimestamper) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    const response = await this.timestamp(createHash("sha256").update(content).digest("hex"));
    const token = response ? tokenBytes(response) : null;
    if (!token) throw new NoToken();
    this.token = Buffer.from(token);
    rememberTokenSize(token.length);
    return this.token;
  }
}

/** Adds the field, its widget on the first page and the placeholder dictionary; returns what changed. */
function placeholder(doc: PDFDocument, contentsBytes: number): PDFRef[] {
  const value = doc.context.obj({ Type: "DocTimeStamp", Filter: "Adobe.PPKLite", SubFilter: SUBFILTER_ETSI_RFC3161, ...placeholderEntries(contentsBytes) });
  return addSignatureField(doc, value, "DocTimeStamp1");
}

/**
 * `pdf` (loaded as `doc`) with a document time-stamp, and its token; null when no token could be had
 * (the TSA did not answer): the caller keeps `pdf` as it was. A token larger than the room made for it
 * (a TSA whose tokens grew) is asked for once more with room for it.
 */
export async function addDocumentTimestamp(pdf: Buffer, doc: PDFDocument, timestamp: SignatureTimestamper): Promise<{ pdf: Buffer; token: Buffer } | null> {
  let room = tokenAllowance();
  for (let attempt = 0; ; attempt++) {
    const target = attempt === 0 ? doc : await loadForUpdate(pdf);
    const revised = appendRevision(pdf, target, placeholder(target, room));
    const signer = new TimestampSigner(timestamp);
    try {
      return { pdf: await new SignPdf().sign(revised, signer), token: signer.token! };
    } catch (err) {
      if (err instanceof NoToken) return null;
      if (attempt > 0 || !signer.token || signer.token.length <= room) throw err;
      room = signer.token.length + SIZE_MARGIN;
    }
  }
}
