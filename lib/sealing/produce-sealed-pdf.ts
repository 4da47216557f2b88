// A document as served (decisions §14): rendered and made PDF/A-3 on a document worker, then sealed
// here, where the seal key lives. The seal fails soft: without a usable key the document is still
// produced (unsealed, with the reason, for muhur_basarisiz and a later retry); without an answer
// from the TSA it is sealed without the signature-time-stamp (B-B); with its answers, B-LTA (seal-pdf.ts).
import fs from "node:fs/promises";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { renderDocument } from "@/lib/documents/render-document";
import type { RenderTask } from "@/lib/documents/document-task";
import { getTsaDriver } from "@/lib/timestamping/get-tsa-driver";
import { getLocalAuthority } from "@/lib/timestamping/local-authority";
import { buildTimeStampReq, randomNonce } from "@/lib/timestamping/build-request";
import { pemCertificates } from "@/lib/timestamping/pem";
import type { ArchiveOptions, SignaturePlaceholder } from "@/lib/sealing/archive-pdf";
import type { SignatureTimestamper } from "@/lib/sealing/cades-signature";
import { commonNameOf, getSeal } from "@/lib/sealing/get-seal";
import { sealPdf, type SealLevel } from "@/lib/sealing/seal-pdf";
import { SealError, type Seal } from "@/lib/sealing/seal-types";

export interface ProducedPdf {
  pdf: Buffer;
  /** null: not sealed, `error` says why */
  level: SealLevel | null;
  /** the seal certificate's common name, when sealed */
  signer: string | null;
  error: string | null;
}

/** The TSA's certificates for the Document Security Store: the built-in chain, or TSA_CA_FILE's roots. */
async function tsaCertificates(): Promise<Buffer[]> {
  const e = env();
  if (e.TSA_DRIVER === "local") return pemCertificates((await getLocalAuthority()).certificateChainPem());
  if (e.TSA_DRIVER === "rfc3161" && e.TSA_CA_FILE) return pemCertificates(await fs.readFile(/*turbopackIgnore: true*/ e.TSA_CA_FILE, "utf8"));
  return [];
}

function unique(ders: Buffer[]): Buffer[] {
  return ders.filter((d, i) => ders.findIndex((o) => o.equals(d)) === i);
}

async function timestamper(): Promise<SignatureTimestamper | null> {
  const driver = await getTsaDriver();
  if (!driver) return null;
  // The built-in authority is asked directly: its token needs no check here (half of a seal's cost),
  // and the tests verify the embedded token with OpenSSL. A remote TSA's answer is verified as always.
  const authority = driver.driver === "local" ? await getLocalAuthority() : null;
  return async (sha256Hex) => {
    try {
      if (authority) return authority.stamp(buildTimeStampReq(Buffer.from(sha256Hex, "hex"), randomNonce())).der;
      return (await driver.timestamp(sha256Hex)).der;
    } catch (err) {
      // decisions §14: sealed at level B-B; the detached timestamp has its own retries (§9).
      logger().warn({ err: err instanceof Error ? err.message : err }, "no signature-time-stamp: the document is sealed at level B-B");
      return null;
    }
  };
}

async function placeholder(seal: Seal, reason: string): Promise<SignaturePlaceholder> {
  return {
    signerName: commonNameOf(seal.chain[0]!),
    reason,
    location: "Türkiye",
    signingTime: now(),
    certificates: unique([...seal.chain, ...(await tsaCertificates())]),
    crls: seal.crls(),
  };
}

const reasonOf = (err: unknown) => (err instanceof SealError ? err.message : "Belge mühürlenemedi (beklenmeyen hata).");

export async function produceSealedPdf(task: RenderTask, archive: ArchiveOptions, reason: string): Promise<ProducedPdf> {
  const unsealed = async (err: unknown): Promise<ProducedPdf> => {
    logger().error({ err: err instanceof SealError ? err.message : err }, "document not sealed");
    metrics().sealFailures.inc();
    return { pdf: await renderDocument({ ...task, archive, signature: null }), level: null, signer: null, error: reasonOf(err) };
  };
  let seal: Seal;
  let signature: SignaturePlaceholder;
  try {
    seal = await getSeal();
    signature = await placeholder(seal, reason);
  } catch (err) {
    return unsealed(err);
  }
  const prepared = await renderDocument({ ...task, archive, signature });
  try {
    const { pdf, level } = await sealPdf(prepared, seal, await timestamper());
    return { pdf, level, signer: signature.signerName, error: null };
  } catch (err) {
    return unsealed(err);
  }
}
