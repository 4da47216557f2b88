// Where produced files (signed documents) are kept: database rows (default), a folder, or an
// S3-compatible bucket (decisions §16). Every backend receives only ciphertext: files are encrypted
// here, before they leave the process, under APP_ENCRYPTION_KEY with their storage key
// authenticated, so a document copied to another key or altered at rest fails to open.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { deleteStoredFile, putStoredFile, storedFileBytes } from "@/lib/db/stored-files";
import { env } from "@/lib/env";
import { decryptBytes, DecryptionError, encryptBytes, isEncryptedBytes } from "@/lib/encryption";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import type { ByteStore } from "@/lib/storage/byte-store";
import { s3Storage } from "@/lib/storage/s3-storage";

export type { StoredObjectMeta } from "@/lib/storage/byte-store";

interface FileStorage extends ByteStore {
  /** throws unless a file can be written, read back and removed now (readiness) */
  check(): Promise<void>;
}

// Written and read on the driver (lib/db.ts says why).
const databaseStore: ByteStore = {
  put: (key, bytes, meta) => putStoredFile(key, bytes, meta),
  get: (key) => storedFileBytes(key),
  delete: (key) => deleteStoredFile(key),
};

function filesystemStore(root: string): ByteStore {
  const file = (key: string) => {
    const p = path.resolve(/*turbopackIgnore: true*/ root, key);
    if (!p.startsWith(root + path.sep)) throw new Error("storage key escapes the storage directory");
    return p;
  };
  return {
    async put(key, bytes) {
      const p = file(key);
      await fs.mkdir(path.dirname(p), { recursive: true });
      // Written aside and renamed: a reader never sees half a document.
      await fs.writeFile(`${p}.tmp`, bytes, { mode: 0o600 });
      await fs.rename(`${p}.tmp`, p);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}

/** Why a stored object was refused: the `reason` of its 503 (issue #49). */
const STORAGE_INTEGRITY = "storage_integrity";

/** True for the refusal of an object that is not what this service wrote (see `encrypted`). */
export function isStorageRefusal(err: unknown): boolean {
  return err instanceof AppError && err.extra?.reason === STORAGE_INTEGRITY;
}

function refuse(key: string, why: string, err?: unknown): AppError {
  // The key names the consent, not the person; the cause is for the operator.
  logger().error({ key, why, err: err instanceof Error ? err.message : undefined }, "stored object refused: not served");
  return new AppError("service_unavailable", "Saklanan dosya doğrulanamadı; sunulmuyor. Kurumla iletişime geçin.", undefined, { reason: STORAGE_INTEGRITY });
}

/**
 * Encrypts on the way in; on the way out only what this service wrote opens. AES-GCM authenticates
 * every byte and the key the object is stored under, so an altered object, or one moved from another
 * key, fails; a plaintext object — written before files were encrypted (2026-11-24), or planted by
 * whoever can write the folder or bucket — is refused too, never served as if it were checked
 * (`npm run admin -- storage encrypt` migrates old ones). Both answer 503 with reason storage_integrity.
 */
export function encrypted(store: ByteStore): FileStorage {
  return {
    put: (key, bytes, meta) => store.put(key, encryptBytes(bytes, key), meta),
    async get(key) {
      const data = await store.get(key);
      if (!data) return null;
      if (!isEncryptedBytes(data)) throw refuse(key, "not encrypted");
      try {
        return decryptBytes(data, key);
      } catch (err) {
        if (err instanceof DecryptionError) throw refuse(key, "does not authenticate", err);
        throw err;
      }
    },
    delete: (key) => store.delete(key),
    async check() {
      // A key of this call's own: concurrent probes (several load balancers, several instances on one
      // bucket) never read or delete each other's, so readiness does not flap under them.
      const key = `health/ready-${randomUUID()}`;
      const probe = randomBytes(16);
      try {
        await this.put(key, probe, { tenantId: "_health", consentId: null, contentType: "text/plain", sha256: "" });
        const back = await this.get(key);
        if (!back?.equals(probe)) throw new Error("storage did not return what was written");
      } finally {
        await this.delete(key).catch(() => undefined);
      }
    },
  };
}

let cached: { kind: string; storage: FileStorage } | undefined;

export function fileStorage(): FileStorage {
  const e = env();
  if (cached?.kind !== e.FILE_STORAGE) {
    const store = e.FILE_STORAGE === "filesystem" ? filesystemStore(e.FILE_STORAGE_DIR) : e.FILE_STORAGE === "s3" ? s3Storage(e) : databaseStore;
    cached = { kind: e.FILE_STORAGE, storage: encrypted(store) };
  }
  return cached.storage;
}
