// The configured seal (SEAL_DRIVER, decisions §14, §24) and what /v1/me and /seal/certificate.pem say of it.
import { env } from "@/lib/env";
import { derToPem } from "@/lib/timestamping/pem";
import { ensureLocalSeal, loadLocalSeal } from "@/lib/sealing/local-seal";
import { loadP12Seal } from "@/lib/sealing/p12-seal";
import { loadPkcs11Seal } from "@/lib/sealing/pkcs11-seal";
import { SealError, type Seal } from "@/lib/sealing/seal-types";
import type { SealingInfo } from "@/lib/contract/response-shapes";
import { subjectOf } from "@/lib/sealing/certificate-names";

const holder = globalThis as typeof globalThis & { __eonamP12Seal?: Seal; __eonamPkcs11Seal?: Promise<Seal> };

function p12Seal(): Seal {
  const e = env();
  holder.__eonamP12Seal ??= loadP12Seal(e.SEAL_P12_FILE!, e.SEAL_P12_PASSWORD ?? "");
  return holder.__eonamP12Seal;
}

/** Before the database opens: a p12 seal that cannot be used stops the server. */
export function checkSealSettings(): void {
  if (env().SEAL_DRIVER === "p12") p12Seal();
}

/** The token is opened once per process; one that could not be opened is tried again at the next use. */
function pkcs11Seal(): Promise<Seal> {
  const e = env();
  holder.__eonamPkcs11Seal ??= loadPkcs11Seal({ module: e.PKCS11_MODULE!, tokenLabel: e.PKCS11_TOKEN_LABEL!, keyLabel: e.PKCS11_KEY_LABEL!, pin: e.PKCS11_PIN ?? "" }).catch(
    (err: unknown) => {
      holder.__eonamPkcs11Seal = undefined;
      throw err;
    },
  );
  return holder.__eonamPkcs11Seal;
}

/**
 * At start: the local seal is issued if it does not exist yet; a p12 file or a PKCS#11 token that
 * cannot be used stops the server.
 */
export async function prepareSeal(): Promise<void> {
  const driver = env().SEAL_DRIVER;
  if (driver === "p12") p12Seal();
  else if (driver === "pkcs11") await pkcs11Seal();
  else await ensureLocalSeal();
}

export async function getSeal(): Promise<Seal> {
  const driver = env().SEAL_DRIVER;
  if (driver === "p12") return p12Seal();
  if (driver === "pkcs11") {
    // After start, a token that cannot be opened is the seal failing (the document waits), not a setting.
    return pkcs11Seal().catch((err: unknown) => {
      throw new SealError(err instanceof Error ? err.message.replace(/^Invalid settings: /, "") : String(err));
    });
  }
  return loadLocalSeal();
}

export async function describeSealing(): Promise<SealingInfo> {
  const seal = await getSeal();
  const local = seal.driver === "local";
  return {
    driver: seal.driver,
    subject: subjectOf(seal.chain[0]!),
    legally_valid: !local,
    warning: local
      ? "Belgeler yerleşik test mührüyle mühürlenir; bu mührün yasal geçerliliği yoktur. Üretimde SEAL_DRIVER=p12 ya da pkcs11 ile kurumun ya da hizmet sağlayıcının e-mührünü kullanın."
      : null,
  };
}

/** The seal certificate and its chain, PEM: what a verifier adds to its trust store. */
export async function sealCertificatePem(): Promise<string> {
  return (await getSeal()).chain.map((der) => derToPem(der)).join("");
}
