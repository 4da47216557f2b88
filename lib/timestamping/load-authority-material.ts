// Keeps the built-in TSA's keys and certificates in ServiceSecret, so every process and restart signs with the same ones.
import { createPrivateKey } from "node:crypto";
import { isUniqueViolation } from "@/lib/db";
import { insertServiceSecrets, serviceSecretRows } from "@/lib/db/secrets";
import { decrypt, encrypt, type KeyRing } from "@/lib/encryption";
import { createAuthorityMaterial, type AuthorityMaterial } from "@/lib/timestamping/authority-material";
import { derToPem, pemCertificates } from "@/lib/timestamping/pem";

export const SECRET_NAMES = {
  rootCert: "tsa.root.cert",
  rootKey: "tsa.root.key",
  signerCert: "tsa.signer.cert",
  signerKey: "tsa.signer.key",
} as const;

/** The two operations needed of ServiceSecret; an interface so tests can run without a database. */
export interface SecretStore {
  read(names: readonly string[]): Promise<Map<string, string>>;
  /** all rows or none; "conflict" when another process stored any of them first */
  insertAll(rows: { name: string; value: string }[]): Promise<"inserted" | "conflict">;
}

export function prismaSecretStore(): SecretStore {
  return {
    async read(names) {
      const rows = await serviceSecretRows(names);
      return new Map(rows.map((r) => [r.name, r.value]));
    },
    async insertAll(rows) {
      try {
        // One INSERT statement: atomic, so a reader never sees half of the material.
        await insertServiceSecrets(rows);
        return "inserted";
      } catch (err) {
        if (isUniqueViolation(err)) return "conflict";
        throw err;
      }
    },
  };
}

function serialize(m: AuthorityMaterial, keys?: KeyRing): { name: string; value: string }[] {
  const key = (k: AuthorityMaterial["rootKey"]) => encrypt(k.export({ type: "pkcs8", format: "pem" }).toString(), keys);
  return [
    { name: SECRET_NAMES.rootCert, value: derToPem(m.rootCertDer) },
    { name: SECRET_NAMES.rootKey, value: key(m.rootKey) },
    { name: SECRET_NAMES.signerCert, value: derToPem(m.signerCertDer) },
    { name: SECRET_NAMES.signerKey, value: key(m.signerKey) },
  ];
}

function deserialize(rows: Map<string, string>, keys?: KeyRing): AuthorityMaterial | null {
  const [rootCert, rootKey, signerCert, signerKey] = Object.values(SECRET_NAMES).map((n) => rows.get(n));
  if (!rootCert || !rootKey || !signerCert || !signerKey) return null;
  const cert = (pem: string) => {
    const der = pemCertificates(pem)[0];
    if (!der) throw new Error("ServiceSecret holds a malformed certificate for the built-in TSA");
    return der;
  };
  return {
    rootCertDer: cert(rootCert),
    rootKey: createPrivateKey(decrypt(rootKey, keys)),
    signerCertDer: cert(signerCert),
    signerKey: createPrivateKey(decrypt(signerKey, keys)),
  };
}

/**
 * The stored material, or new material stored now. Two processes starting together on one database
 * may both generate: the unique names let only one insert win, and the loser reads the winner's keys.
 */
export async function loadOrCreateAuthorityMaterial(
  store: SecretStore = prismaSecretStore(),
  keys?: KeyRing,
): Promise<AuthorityMaterial> {
  const names = Object.values(SECRET_NAMES);
  const existing = await store.read(names);
  const loaded = deserialize(existing, keys);
  if (loaded) return loaded;
  if (existing.size > 0) {
    throw new Error(`ServiceSecret holds only part of the built-in TSA material (${names.join(", ")}); remove those rows to regenerate it`);
  }
  const fresh = createAuthorityMaterial();
  if ((await store.insertAll(serialize(fresh, keys))) === "inserted") return fresh;
  const winner = deserialize(await store.read(names), keys);
  if (!winner) throw new Error("The built-in TSA material was stored by another process but cannot be read back");
  return winner;
}
