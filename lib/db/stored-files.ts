// Documents kept in the database (FILE_STORAGE=database). Prisma's pg adapter turns a BYTEA it reads
// into an array of numbers, one element a byte (~3 ms of the event loop for a document), and sends
// written bytes through its query compiler as base64 text: documents go to the driver.
import { Prisma } from "@prisma/client";
import { db, sqlRows } from "@/lib/db";

export async function putStoredFile(key: string, bytes: Buffer, meta: { tenantId: string; consentId: string | null; contentType: string; sha256: string }): Promise<void> {
  await sqlRows(Prisma.sql`
    INSERT INTO stored_files (key, tenant_id, consent_id, content_type, sha256, bytes)
    VALUES (${key}, ${meta.tenantId}, ${meta.consentId}, ${meta.contentType}, ${meta.sha256}, ${bytes})
    ON CONFLICT (key) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, consent_id = EXCLUDED.consent_id,
      content_type = EXCLUDED.content_type, sha256 = EXCLUDED.sha256, bytes = EXCLUDED.bytes`);
}

export async function storedFileBytes(key: string): Promise<Buffer | null> {
  const [f] = await sqlRows<{ bytes: Uint8Array }>(Prisma.sql`SELECT bytes FROM stored_files WHERE key = ${key}`);
  return f ? Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) : null;
}

export async function deleteStoredFile(key: string): Promise<void> {
  await db().storedFile.deleteMany({ where: { key } });
}

/** Keys after `after` (in key order) whose bytes do not start with `magic`: objects stored before files were encrypted. */
export async function storedFileKeysWithout(magic: Buffer, after: string, limit: number): Promise<string[]> {
  const rows = await sqlRows<{ key: string }>(Prisma.sql`
    SELECT key FROM stored_files WHERE key > ${after} AND substring(bytes from 1 for ${magic.length}) <> ${magic}
    ORDER BY key LIMIT ${limit}`);
  return rows.map((r) => r.key);
}

/** Replaces an object's bytes only when they are still `before` (a concurrent write wins). */
export async function replaceStoredFileBytes(key: string, before: Buffer, bytes: Buffer): Promise<boolean> {
  const rows = await sqlRows<{ key: string }>(Prisma.sql`UPDATE stored_files SET bytes = ${bytes} WHERE key = ${key} AND bytes = ${before} RETURNING key`);
  return rows.length === 1;
}
