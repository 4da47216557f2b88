// The configured seal (SEAL_DRIVER, decisions §14) and what /v1/me and /seal/certificate.pem say of it.
import { X509Certificate } from "node:crypto";
import { env } from "@/lib/env";
import { derToPem } from "@/lib/timestamping/pem";
import { ensureLocalSeal, loadLocalSeal } from "@/lib/sealing/local-seal";
import { loadP12Seal } from "@/lib/sealing/p12-seal";
import type { Seal } from "@/lib/sealing/seal-types";
import type { SealingInfo } from "@/lib/contract/response-shapes";

const holder = globalThis as typeof globalThis & { __eonamP12Seal?: Seal };

function p12Seal(): Seal {
  const e = env();
  holder.__eonamP12Seal ??= loadP12Seal(e.SEAL_P12_FILE!, e.SEAL_P12_PASSWORD ?? "");
  return holder.__eonamP12Seal;
}

/** Before the database opens: a p12 seal that cannot be used stops the server. */
export function checkSealSettings(): void {
  if (env().SEAL_DRIVER === "p12") p12Seal();
}

/** At start: the local seal is issued if it does not exist yet; a p12 that cannot be used stops the server. */
export async function prepareSeal(): Promise<void> {
  if (env().SEAL_DRIVER === "p12") p12Seal();
  else await ensureLocalSeal();
}

export async function getSeal(): Promise<Seal> {
  return env().SEAL_DRIVER === "p12" ? p12Seal() : loadLocalSeal();
}

/** "CN=…, O=…, C=TR": the subject as people write it, most specific first. */
export function subjectOf(der: Buffer): string {
  return new X509Certificate(der).subject.split("\n").reverse().join(", ");
}

export function commonNameOf(der: Buffer): string {
  const cn = new X509Certificate(der).subject.split("\n").find((l) => l.startsWith("CN="));
  return cn ? cn.slice(3) : subjectOf(der);
}

export async function describeSealing(): Promise<SealingInfo> {
  const seal = await getSeal();
  const local = seal.driver === "local";
  return {
    driver: seal.driver,
    subject: subjectOf(seal.chain[0]!),
    legally_valid: !local,
    warning: local
      ? "Belgeler yerleşik test mührüyle mühürlenir; bu mührün yasal geçerliliği yoktur. Üretimde SEAL_DRIVER=p12 ile kurumun ya da hizmet sağlayıcının e-mührünü kullanın."
      : null,
  };
}

/** The seal certificate and its chain, PEM: what a verifier adds to its trust store. */
export async function sealCertificatePem(): Promise<string> {
  return (await getSeal()).chain.map((der) => derToPem(der)).join("");
}
