// SEAL_DRIVER=local: a seal certificate issued by the built-in authority's root on first start, its
// key encrypted in ServiceSecret like the TSA's (decisions §14). Not legally valid.
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { now } from "@/lib/clock";
import { decrypt, encrypt } from "@/lib/encryption";
import { createCertificate } from "@/lib/timestamping/create-certificate";
import { loadOrCreateAuthorityMaterial, prismaSecretStore, type SecretStore } from "@/lib/timestamping/load-authority-material";
import { derToPem, pemCertificates } from "@/lib/timestamping/pem";
import { SealError, type Seal } from "@/lib/sealing/seal-types";
import type { AuthorityMaterial } from "@/lib/timestamping/authority-material";

export const SEAL_SECRET_NAMES = { cert: "seal.cert", key: "seal.key" } as const;
const NAMES = Object.values(SEAL_SECRET_NAMES);
const TEN_YEARS_MS = 10 * 365.25 * 24 * 3_600_000;
const LOCAL_SEAL_NAME = "e-Onam Yerel Test Mührü";

function issueSeal(authority: AuthorityMaterial): { name: string; value: string }[] {
  const at = now();
  const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const cert = createCertificate({
    commonName: LOCAL_SEAL_NAME,
    publicKey: keys.publicKey,
    issuerCertDer: authority.rootCertDer,
    signingKey: authority.rootKey,
    notBefore: new Date(at.getTime() - 3_600_000),
    notAfter: new Date(at.getTime() + TEN_YEARS_MS),
    ca: false,
    // digitalSignature + nonRepudiation (contentCommitment): what a document seal asserts.
    keyUsage: [0, 1],
  });
  return [
    { name: SEAL_SECRET_NAMES.cert, value: derToPem(cert) },
    { name: SEAL_SECRET_NAMES.key, value: encrypt(keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString()) },
  ];
}

/** Issues the seal once (on first start); a process that loses the race keeps the winner's. */
export async function ensureLocalSeal(store: SecretStore = prismaSecretStore()): Promise<void> {
  const existing = await store.read(NAMES);
  if (existing.size === NAMES.length) return;
  if (existing.size > 0) throw new Error(`ServiceSecret holds only part of the seal (${NAMES.join(", ")}); remove those rows to issue a new one`);
  await store.insertAll(issueSeal(await loadOrCreateAuthorityMaterial(store)));
}

let parsed: { source: string; seal: Seal } | undefined;

/**
 * Read on every use (one indexed query), so a key that became unreadable is noticed at once and a
 * repaired one is used again without a restart.
 */
export async function loadLocalSeal(store: SecretStore = prismaSecretStore()): Promise<Seal> {
  const rows = await store.read(NAMES);
  const certPem = rows.get(SEAL_SECRET_NAMES.cert);
  const keyText = rows.get(SEAL_SECRET_NAMES.key);
  if (!certPem || !keyText) throw new SealError("Mühür sertifikası bulunamadı (ServiceSecret seal.cert/seal.key).");
  const source = certPem + keyText;
  if (parsed?.source === source) return parsed.seal;
  const authority = await loadOrCreateAuthorityMaterial(store);
  let key;
  try {
    key = createPrivateKey(decrypt(keyText));
  } catch {
    throw new SealError("Mühür anahtarı okunamadı.");
  }
  const [cert] = pemCertificates(certPem);
  if (!cert) throw new SealError("Mühür sertifikası okunamadı.");
  const seal: Seal = { driver: "local", key, chain: [cert, authority.rootCertDer] };
  parsed = { source, seal };
  return seal;
}
