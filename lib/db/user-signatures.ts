// A panel user's saved signature (issue #51): one row per user, always read and written within the
// user's own tenant.
import { db } from "@/lib/db";

/** The user's saved signature (encrypted PNG) and when it was saved; null when there is none. */
export function userSignatureRow(tenantId: string, userId: string): Promise<{ png: Uint8Array; sha256: string; updatedAt: Date } | null> {
  return db().userSignature.findFirst({ where: { userId, tenantId }, select: { png: true, sha256: true, updatedAt: true } });
}

/** Saves (or replaces) the user's signature. */
export async function upsertUserSignature(tenantId: string, userId: string, png: Uint8Array<ArrayBuffer>, sha256: string): Promise<void> {
  await db().userSignature.upsert({
    where: { userId },
    create: { userId, tenantId, png, sha256 },
    update: { png, sha256 },
  });
}

/** Deletes the user's saved signature; returns how many rows went (0: none). */
export async function deleteUserSignature(tenantId: string, userId: string): Promise<number> {
  const { count } = await db().userSignature.deleteMany({ where: { userId, tenantId } });
  return count;
}
