// Fills the signature reserved by archivePdf: the byte range is fixed, hashed and signed (decisions
// §14). Cheap (one signature and, with a TSA, one round trip), so it runs where the seal key lives.
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { cadesSignature, type SignatureTimestamper } from "@/lib/sealing/cades-signature";
import type { SealKey } from "@/lib/sealing/seal-types";

export type SealLevel = "B-B" | "B-LT";

class CadesSigner extends Signer {
  timestamped = false;
  constructor(
    private readonly seal: SealKey,
    private readonly timestamp: SignatureTimestamper | null,
  ) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    const { der, timestamped } = await cadesSignature(content, this.seal, this.timestamp);
    this.timestamped = timestamped;
    return der;
  }
}

/**
 * The sealed file and its level: B-LT when the signature-time-stamp was obtained (the document
 * security store is always there), B-B when the TSA did not answer.
 */
export async function sealPdf(prepared: Uint8Array, seal: SealKey, timestamp: SignatureTimestamper | null): Promise<{ pdf: Buffer; level: SealLevel }> {
  const signer = new CadesSigner(seal, timestamp);
  const pdf = await new SignPdf().sign(Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength), signer);
  return { pdf, level: signer.timestamped ? "B-LT" : "B-B" };
}
