// Fills the signature reserved by archivePdf: the byte range is fixed, hashed and signed (decisions
// §14), and, when the TSA answers, the file is taken as far as it can go (§20, §24): a DSS revision
// with the status of every certificate of the seal's and the TSA's chains (had now, after the
// signature), then a document time-stamp over it, and a DSS revision after that only when the second
// token came from a certificate the first DSS does not speak for. Everything happens in memory before
// the file is stored: a crash leaves nothing half-written, and the file served is never changed
// afterwards but by an archive renewal (renew-archive-timestamp.ts).
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { logger } from "@/lib/log";
import { cadesSignature, type SignatureTimestamper } from "@/lib/sealing/cades-signature";
import { addDssRevision, vriKey } from "@/lib/sealing/add-dss-revision";
import { addDocumentTimestamp } from "@/lib/sealing/add-document-timestamp";
import { tsaChainOf, uniqueDers, type ChainValidation, type ValidationSource } from "@/lib/sealing/collect-validation-data";
import { loadForUpdate } from "@/lib/sealing/incremental-update";
import { lastSignature } from "@/lib/sealing/last-signature";
import { rememberTokenSize } from "@/lib/sealing/signature-size";
import type { SealKey } from "@/lib/sealing/seal-types";

/** decisions §24: only what the file holds. B-LT: status evidence for every chain; B-LTA: and a document time-stamp. */
export type SealLevel = "B-B" | "B-T" | "B-LT" | "B-LTA";

export interface SealServices {
  timestamp: SignatureTimestamper | null;
  /** certificates the TSA's chain is completed from (its configured roots, the built-in chain) */
  tsaCertificates?: Buffer[];
  /** status evidence of chains; without it none is gathered and the level stops at B-T */
  validation?: ValidationSource;
  /**
   * signatures the file holds before the seal (a physician's qualified one, decisions §24): their
   * chains' status joins the DSS, with a /VRI entry for each /Contents as written
   */
  earlier?: { chains: Buffer[][]; contents: Buffer[] };
}

/** The CMS did not fit the room reserved for it (a TSA token larger than allowed): prepare again with `needed`. */
export class PlaceholderTooSmall extends Error {
  constructor(readonly needed: number) {
    super(`the signature needs ${needed} bytes, more than were reserved`);
  }
}

class CadesSigner extends Signer {
  token: Uint8Array | null = null;
  der: Buffer | null = null;
  constructor(
    private readonly seal: SealKey,
    private readonly timestamp: SignatureTimestamper | null,
  ) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    const { der, token } = await cadesSignature(content, this.seal, this.timestamp);
    this.token = token;
    this.der = der;
    if (token) rememberTokenSize(token.length);
    return der;
  }
}

/** The /Contents of the file's last signature dictionary, as written (padding included). */
function lastContents(pdf: Buffer): Buffer {
  const last = lastSignature(pdf);
  if (!last) throw new Error("the signed PDF has no byte range");
  return last.contents;
}

const none: ChainValidation = { certificates: [], ocsps: [], crls: [], complete: false };

/** Whether every certificate of `chain` is already in `validation`'s (and so has its status there). */
const covered = (chain: Buffer[], validation: ChainValidation) => chain.length > 0 && chain.every((c) => validation.certificates.some((d) => d.equals(c)));

/**
 * After a time-stamped signature: the DSS revision and the document time-stamp over it, and the level
 * the result holds. A document time-stamp that cannot be had leaves the DSS revision as the last (B-LT).
 */
async function afterSignature(signed: Buffer, seal: SealKey, token: Uint8Array, s: SealServices & { timestamp: SignatureTimestamper }): Promise<{ pdf: Buffer; level: SealLevel }> {
  const tsaChain = tsaChainOf(token, s.tsaCertificates ?? []);
  const others = s.earlier?.chains ?? [];
  const validation = s.validation ? await s.validation([seal.chain, tsaChain, ...others]) : none;
  const certificates = uniqueDers([...seal.chain, ...tsaChain, ...others.flat(), ...validation.certificates]);
  const doc = await loadForUpdate(signed);
  const data = { certificates, ocsps: validation.ocsps, crls: validation.crls };
  const vri = [lastContents(signed), ...(s.earlier?.contents ?? [])].map((contents) => ({ key: vriKey(contents), ...data }));
  const withDss = addDssRevision(signed, doc, data, vri);
  const base: SealLevel = validation.complete ? "B-LT" : "B-T";
  let stamped: Awaited<ReturnType<typeof addDocumentTimestamp>> = null;
  try {
    stamped = await addDocumentTimestamp(withDss, doc, s.timestamp);
  } catch (err) {
    // The seal itself holds: a document time-stamp that could not be added never costs it.
    logger().warn({ err: err instanceof Error ? err.message : String(err) }, `no document time-stamp: the document is sealed at level ${base}`);
  }
  if (!stamped) return { pdf: withDss, level: base };
  const docChain = tsaChainOf(stamped.token, [...(s.tsaCertificates ?? []), ...tsaChain]);
  if (covered(docChain, validation) || !s.validation) return { pdf: stamped.pdf, level: validation.complete ? "B-LTA" : "B-T" };
  // A TSA that changed its certificate between the two tokens: the second one's status after it.
  const more = await s.validation([docChain]);
  const added = { certificates: uniqueDers([...docChain, ...more.certificates]), ocsps: more.ocsps, crls: more.crls };
  const pdf = addDssRevision(stamped.pdf, await loadForUpdate(stamped.pdf), added, [{ key: vriKey(stamped.token), ...added }]);
  return { pdf, level: validation.complete && more.complete ? "B-LTA" : "B-T" };
}

/**
 * The sealed file and its level: B-B when the TSA did not answer; otherwise the signature, its DSS
 * revision and, when the TSA answers again, the document time-stamp (B-T, B-LT or B-LTA by what the
 * DSS could be given).
 */
export async function sealPdf(prepared: Uint8Array, seal: SealKey, s: SealServices): Promise<{ pdf: Buffer; level: SealLevel }> {
  const signer = new CadesSigner(seal, s.timestamp);
  let pdf: Buffer;
  try {
    pdf = await new SignPdf().sign(Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength), signer);
  } catch (err) {
    // @signpdf refuses a CMS longer than its placeholder; the caller prepares the file again.
    if (signer.der && /exceeds placeholder length/.test(err instanceof Error ? err.message : "")) throw new PlaceholderTooSmall(signer.der.length);
    throw err;
  }
  if (!signer.token || !s.timestamp) return { pdf, level: "B-B" };
  return afterSignature(pdf, seal, signer.token, { ...s, timestamp: s.timestamp });
}
