// Where produced files (signed documents) are kept. A small interface so that an S3-compatible
// backend can be added beside the database and filesystem ones.
import fs from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

export interface StoredObjectMeta {
  tenantId: string;
  consentId: string | null;
  contentType: string;
  sha256: string;
}

export interface FileStorage {
  put(key: string, bytes: Buffer, meta: StoredObjectMeta): Promise<void>;
  /** null when absent */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const databaseStorage: FileStorage = {
  async put(key, bytes, meta) {
    const data = { tenantId: meta.tenantId, consentId: meta.consentId, contentType: meta.contentType, sha256: meta.sha256, bytes: new Uint8Array(bytes) };
    await db().storedFile.upsert({ where: { key }, create: { key, ...data }, update: data });
  },
  async get(key) {
    const f = await db().storedFile.findUnique({ where: { key }, select: { bytes: true } });
    return f ? Buffer.from(f.bytes) : null;
  },
  async delete(key) {
    await db().storedFile.deleteMany({ where: { key } });
  },
};

function filesystemStorage(root: string): FileStorage {
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

export function fileStorage(): FileStorage {
  const e = env();
  return e.FILE_STORAGE === "filesystem" ? filesystemStorage(e.FILE_STORAGE_DIR) : databaseStorage;
}
