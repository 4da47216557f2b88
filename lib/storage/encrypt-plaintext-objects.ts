// `npm run admin -- storage encrypt` (issue #49): stored objects are only served when they are
// ciphertext this service wrote (lib/storage/file-storage.ts), but versions before 2026-11-24 kept
// documents in the database or the folder as plaintext. This encrypts those in place, under their own
// key, so that they are served again — and checked like every other. S3 storage came with encryption,
// so a bucket holds none. Safe to run twice, and beside a running server (a concurrent write wins).
import fs from "node:fs/promises";
import path from "node:path";
import { replaceStoredFileBytes, storedFileBytes, storedFileKeysWithout } from "@/lib/db/stored-files";
import { env } from "@/lib/env";
import { encryptBytes, FILE_MAGIC, isEncryptedBytes } from "@/lib/encryption";

interface EncryptionMigration {
  storage: "database" | "filesystem" | "s3";
  /** plaintext objects found, and encrypted */
  encrypted: number;
}

const PAGE = 100;
/** A storage folder is keys like consents/<id>/document.pdf: deeper than this is not ours. */
const MAX_DEPTH = 8;

async function encryptDatabaseObjects(): Promise<number> {
  let done = 0;
  for (let after = ""; ; ) {
    const keys = await storedFileKeysWithout(FILE_MAGIC, after, PAGE);
    if (!keys.length) return done;
    for (const key of keys) {
      const bytes = await storedFileBytes(key);
      if (bytes && !isEncryptedBytes(bytes) && (await replaceStoredFileBytes(key, bytes, encryptBytes(bytes, key)))) done++;
    }
    after = keys.at(-1)!;
  }
}

async function encryptFolder(root: string, dir: string, depth: number): Promise<number> {
  if (depth > MAX_DEPTH) return 0;
  let done = 0;
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  for (const entry of entries) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) done += await encryptFolder(root, p, depth + 1);
    if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
    const bytes = await fs.readFile(p);
    if (isEncryptedBytes(bytes)) continue;
    // The storage key is the path below the root, with "/" whatever the platform (file-storage.ts).
    const key = path.relative(root, p).split(path.sep).join("/");
    await fs.writeFile(`${p}.tmp`, encryptBytes(bytes, key), { mode: 0o600 });
    await fs.rename(`${p}.tmp`, p);
    done++;
  }
  return done;
}

export async function encryptPlaintextObjects(): Promise<EncryptionMigration> {
  const e = env();
  if (e.FILE_STORAGE === "s3") return { storage: "s3", encrypted: 0 };
  if (e.FILE_STORAGE === "filesystem") return { storage: "filesystem", encrypted: await encryptFolder(e.FILE_STORAGE_DIR, e.FILE_STORAGE_DIR, 0) };
  return { storage: "database", encrypted: await encryptDatabaseObjects() };
}
