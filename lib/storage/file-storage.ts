// Where produced files (signed documents) are kept: database rows (default), a folder, or an
// S3-compatible bucket (decisions §16). Every backend receives only ciphertext: files are encrypted
// here, before they leave the process, under APP_ENCRYPTION_KEY with their storage key
// authenticated, so a document copied to another key or altered at rest fails to open.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db";
import { putStoredFile, storedFileBytes } from "@/lib/db/stored-files";
import { env } from "@/lib/env";
import { decryptBytes, encryptBytes, isEncryptedBytes } from "@/lib/encryption";
import type { ByteStore } from "@/lib/storage/byte-store";
import { s3Storage } from "@/lib/storage/s3-storage";

export type { StoredObjectMeta } from "@/lib/storage/byte-store";

export interface FileStorage extends ByteStore {
  /** throws unless a file can be written, read back and removed now (readiness) */
  check(): Promise<void>;
}

// Written and read on the driver (lib/db.ts says why).
const databaseStore: ByteStore = {
  put: (key, bytes, meta) => putStoredFile(key, bytes, meta),
  get: (key) => storedFileBytes(key),
  async delete(key) {
    await db().storedFile.deleteMany({ where: { key } });
  },
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

/** Encrypts on the way in and decrypts on the way out; files stored before encryption still read. */
export function encrypted(store: ByteStore): FileStorage {
  return {
    put: (key, bytes, meta) => store.put(key, encryptBytes(bytes, key), meta),
    async get(key) {
      const data = await store.get(key);
      if (!data) return null;
      return isEncryptedBytes(data) ? decryptBytes(data, key) : data;
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
