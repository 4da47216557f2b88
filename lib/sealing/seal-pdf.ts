// Fills the signature reserved by archivePdf: the byte range is fixed, hashed and signed (decisions
// §14), and, when the TSA answers, the file is taken to B-LTA (§20): a DSS revision, then a document
// time-stamp. Cheap (one signature and, with a TSA, two round trips), so it runs where the seal key
// lives. Everything happens in memory before the file is stored: a crash leaves nothing half-written,
// and the file served is never changed afterwards.
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { logger } from "@/lib/log";
import { embeddedCertificates } from "@/lib/timestamping/tsa-asn1";
import { cadesSignature, type SignatureTimestamper } from "@/lib/sealing/cades-signature";
import { addDssRevision } from "@/lib/sealing/add-dss-revision";
import { addDocumentTimestamp } from "@/lib/sealing/add-document-timestamp";
import { loadForUpdate } from "@/lib/sealing/incremental-update";
import type { SealKey } from "@/lib/sealing/seal-types";

export type SealLevel = "B-B" | "B-LT" | "B-LTA";

class CadesSigner extends Signer {
  token: Uint8Array | null = null;
  constructor(
    private readonly seal: SealKey,
    private readonly timestamp: SignatureTimestamper | null,
  ) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    const { der, token } = await cadesSignature(content, this.seal, this.timestamp);
    this.token = token;
    return der;
  }
}

/**
 * After a time-stamped signature: the DSS revision (what it had, and the certificates the
 * signature-time-stamp carries) and the document time-stamp over it, or null when the TSA did not
 * answer the second time (the signed file stays as it is, B-LT). No DSS follows the document
 * time-stamp: its authority is the signature-time-stamp's, whose chain and CRL the DSS it covers holds.
 */
async function archiveTimestamp(signed: Buffer, token: Uint8Array, timestamp: SignatureTimestamper): Promise<Buffer | null> {
  const doc = await loadForUpdate(signed);
  const withDss = addDssRevision(signed, doc, { certificates: embeddedCertificates(token), crls: [] });
  return addDocumentTimestamp(withDss, doc, timestamp);
}

/**
 * The sealed file and its level: B-LTA with both time-stamps, B-LT with the signature-time-stamp only
 * (the document security store of the signed revision is always there), B-B when the TSA did not answer.
 */
export async function sealPdf(prepared: Uint8Array, seal: SealKey, timestamp: SignatureTimestamper | null): Promise<{ pdf: Buffer; level: SealLevel }> {
  const signer = new CadesSigner(seal, timestamp);
  const pdf = await new SignPdf().sign(Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength), signer);
  if (!signer.token || !timestamp) return { pdf, level: "B-B" };
  let archived: Buffer | null = null;
  try {
    archived = await archiveTimestamp(pdf, signer.token, timestamp);
  } catch (err) {
    // The seal itself holds: a document time-stamp that could not be added never costs it (B-LT).
    logger().warn({ err: err instanceof Error ? err.message : String(err) }, "no document time-stamp: the document is sealed at level B-LT");
  }
  return archived ? { pdf: archived, level: "B-LTA" } : { pdf, level: "B-LT" };
}
