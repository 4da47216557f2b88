// A document as served (decisions §14): rendered and made PDF/A-3 on a document worker, then sealed
// here, where the seal key lives. The seal fails soft: without a usable key the document is still
// produced (unsealed, with the reason, for muhur_basarisiz and a later retry); without an answer
// from the TSA it is sealed without the signature-time-stamp (B-B); with its answers and the status
// of every certificate, B-LTA (seal-pdf.ts). The room for the signature is measured from the seal's
// chain and the TSA's tokens (signature-size.ts); a token larger than that makes it prepared once more.
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
import { tokenBytes } from "@/lib/timestamping/tsa-asn1";
import type { ArchiveOptions, SignaturePlaceholder } from "@/lib/documents/archive-pdf";
import type { SignatureTimestamper } from "@/lib/sealing/cades-signature";
import { commonNameOf, subjectOf } from "@/lib/sealing/certificate-names";
import { describeTimestamping } from "@/lib/timestamping/describe-timestamping";
import { formatDateTime } from "@/lib/time";
import type { SealingStatement } from "@/lib/documents/document-types";
import { getSeal } from "@/lib/sealing/get-seal";
import { builtInAuthority } from "@/lib/sealing/built-in-authority";
import { collectValidationData, uniqueDers, type ValidationSource } from "@/lib/sealing/collect-validation-data";
import { PlaceholderTooSmall, sealPdf, type SealLevel, type SealServices } from "@/lib/sealing/seal-pdf";
import { sealSignedPdf } from "@/lib/sealing/seal-signed-pdf";
import { lastSignature } from "@/lib/sealing/last-signature";
import { rememberTokenSize, signatureReserve, SIZE_MARGIN, tokenAllowance } from "@/lib/sealing/signature-size";
import { SealError, type Seal } from "@/lib/sealing/seal-types";

export interface ProducedPdf {
  pdf: Buffer;
  /** null: not sealed, `error` says why */
  level: SealLevel | null;
  /** the seal certificate's common name, when sealed */
  signer: string | null;
  error: string | null;
  /**
   * decisions §24 rule 3: the certificates it was sealed and time-stamped with (the seal's, then each
   * token's signer), for the trust statement: known from the sealing, so the file need not be parsed
   * and checked again to learn them.
   */
  certificates: UsedCertificate[];
}

export interface UsedCertificate {
  kind: "seal" | "tsa";
  der: Buffer;
}

/** The TSA's certificates for the Document Security Store: the built-in chain, or TSA_CA_FILE's roots. */
export async function tsaCertificates(): Promise<Buffer[]> {
  const e = env();
  if (e.TSA_DRIVER === "local") return pemCertificates((await getLocalAuthority()).certificateChainPem());
  if (e.TSA_DRIVER === "rfc3161" && e.TSA_CA_FILE) return pemCertificates(await fs.readFile(/*turbopackIgnore: true*/ e.TSA_CA_FILE, "utf8"));
  return [];
}

let measuredLocal = false;

/** `used` collects the certificate of every token it obtains. */
export async function timestamper(used: UsedCertificate[] = []): Promise<SignatureTimestamper | null> {
  const driver = await getTsaDriver();
  if (!driver) return null;
  // The built-in authority is asked directly: its token needs no check here (half of a seal's cost),
  // and the tests verify the embedded token with OpenSSL. A remote TSA's answer is verified as always.
  const authority = driver.driver === "local" ? await getLocalAuthority() : null;
  // Its tokens are measured before the first placeholder (free: no one is asked); a remote TSA's are
  // learnt from its answers.
  if (authority && !measuredLocal) {
    const token = tokenBytes(authority.stamp(buildTimeStampReq(Buffer.alloc(32), randomNonce())).der);
    if (token) rememberTokenSize(token.length);
    measuredLocal = true;
  }
  return async (sha256Hex) => {
    try {
      const result = authority
        ? { der: authority.stamp(buildTimeStampReq(Buffer.from(sha256Hex, "hex"), randomNonce())).der, signerCertificate: authority.signerCertDer }
        : await driver.timestamp(sha256Hex);
      used.push({ kind: "tsa", der: result.signerCertificate });
      return result.der;
    } catch (err) {
      // decisions §14: sealed at level B-B; the detached timestamp has its own retries (§9).
      logger().warn({ err: err instanceof Error ? err.message : err }, "no signature-time-stamp: the document is sealed at level B-B");
      return null;
    }
  };
}

async function placeholder(seal: Seal, reason: string, tsa: Buffer[], token = tokenAllowance()): Promise<SignaturePlaceholder> {
  return {
    signerName: commonNameOf(seal.chain[0]!),
    reason,
    location: "Türkiye",
    signingTime: now(),
    certificates: uniqueDers([...seal.chain, ...tsa]),
    contentsBytes: signatureReserve(seal.chain, token),
  };
}

/**
 * decisions §24: the status of each certificate, had after the signature, kept until its nextUpdate.
 * It is asked for once the signature (or the time-stamp being renewed) exists, so now is at or after
 * its time: an OCSP answer produced before now is asked again (certificate-status.ts).
 */
export async function validationSource(): Promise<ValidationSource> {
  const builtIn = await builtInAuthority();
  return (chains) => {
    const at = now();
    return collectValidationData(chains, { at, signedAt: at, builtIn });
  };
}

/**
 * decisions §25: what the first page says of the seal and the time-stamp, and whether every page says
 * TEST (the built-in seal or TSA, which no one outside the service trusts).
 */
function sealingStatement(seal: Seal | null, signature: SignaturePlaceholder | null): SealingStatement {
  const e = env();
  return {
    seal: seal && signature ? { subject: subjectOf(seal.chain[0]!), at: formatDateTime(signature.signingTime, e.APP_TIMEZONE) } : null,
    timestampedBy: e.TSA_DRIVER === "none" ? null : describeTimestamping().provider_name,
    test: e.SEAL_DRIVER === "local" || e.TSA_DRIVER === "local",
  };
}

/** The task with its sealing statement in its data (every kind of document carries one). */
const stated = (task: RenderTask, sealing: SealingStatement): RenderTask => ({ ...task, data: { ...task.data, sealing } }) as RenderTask;

const reasonOf = (err: unknown) => (err instanceof SealError ? err.message : "Belge mühürlenemedi (beklenmeyen hata).");

export async function produceSealedPdf(task: RenderTask, archive: ArchiveOptions, reason: string): Promise<ProducedPdf> {
  const unsealed = async (err: unknown): Promise<ProducedPdf> => {
    logger().error({ err: err instanceof SealError ? err.message : err }, "document not sealed");
    metrics().sealFailures.inc();
    return { pdf: await renderDocument({ ...stated(task, sealingStatement(null, null)), archive, signature: null }), level: null, signer: null, error: reasonOf(err), certificates: [] };
  };
  let seal: Seal;
  let signature: SignaturePlaceholder;
  let tsa: Buffer[];
  try {
    seal = await getSeal();
    tsa = await tsaCertificates();
    signature = await placeholder(seal, reason, tsa);
  } catch (err) {
    return unsealed(err);
  }
  try {
    const used: UsedCertificate[] = [{ kind: "seal", der: seal.chain[0]! }];
    const services = { timestamp: await timestamper(used), tsaCertificates: tsa, validation: await validationSource() };
    let prepared = await renderDocument({ ...stated(task, sealingStatement(seal, signature)), archive, signature });
    for (let attempt = 0; ; attempt++) {
      try {
        const { pdf, level } = await sealPdf(prepared, seal, services);
        return { pdf, level, signer: signature.signerName, error: null, certificates: used };
      } catch (err) {
        if (!(err instanceof PlaceholderTooSmall) || attempt > 0) throw err;
        // Prepared once more with room for what was measured (the token was remembered meanwhile).
        signature = { ...signature, contentsBytes: err.needed + SIZE_MARGIN };
        prepared = await renderDocument({ ...stated(task, sealingStatement(seal, signature)), archive, signature });
      }
    }
  } catch (err) {
    return unsealed(err);
  }
}

/**
 * decisions §24: a document the physician signed with a qualified certificate, sealed after their
 * signature (seal-signed-pdf.ts). Fails soft as produceSealedPdf does: without a usable seal the
 * physician-signed file is stored as it is, with the reason, and sealed later.
 */
export async function produceSealedSignedPdf(signed: Buffer, physicianChain: Buffer[], reason: string): Promise<ProducedPdf> {
  const unsealed = (err: unknown): ProducedPdf => {
    logger().error({ err: err instanceof SealError ? err.message : err }, "document not sealed");
    metrics().sealFailures.inc();
    return { pdf: signed, level: null, signer: null, error: reasonOf(err), certificates: [] };
  };
  try {
    const seal = await getSeal();
    const tsa = await tsaCertificates();
    const earlier = lastSignature(signed);
    const used: UsedCertificate[] = [{ kind: "seal", der: seal.chain[0]! }];
    const services: SealServices = {
      timestamp: await timestamper(used),
      tsaCertificates: tsa,
      validation: await validationSource(),
      earlier: { chains: [physicianChain], contents: earlier ? [earlier.contents] : [] },
    };
    const field = { ...(await placeholder(seal, reason, tsa)), contentsBytes: signatureReserve(seal.chain) };
    for (let attempt = 0; ; attempt++) {
      try {
        const { pdf, level } = await sealSignedPdf(signed, seal, services, field);
        return { pdf, level, signer: field.signerName, error: null, certificates: used };
      } catch (err) {
        if (!(err instanceof PlaceholderTooSmall) || attempt > 0) throw err;
        field.contentsBytes = err.needed + SIZE_MARGIN;
      }
    }
  } catch (err) {
    return unsealed(err);
  }
}
