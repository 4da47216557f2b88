// decisions §24: OCSP responses and CRLs kept until their nextUpdate, shared by every instance, so
// that a responder is asked once per certificate per period. Bounded: each write removes what has
// expired and, past MAX_ROWS, the rows fetched longest ago.
import { db } from "@/lib/db";

const MAX_ROWS = 5_000;

export interface CachedRevocation {
  key: string;
  der: Buffer;
  thisUpdate: Date;
  nextUpdate: Date;
}

/** The kept answer under `key` while it is current at `at`. */
export async function readCachedRevocation(key: string, at: Date): Promise<CachedRevocation | null> {
  const row = await db().revocationCache.findUnique({ where: { key } });
  if (!row || row.nextUpdate <= at) return null;
  return { key, der: Buffer.from(row.der), thisUpdate: row.thisUpdate, nextUpdate: row.nextUpdate };
}

export async function saveCachedRevocation(entry: CachedRevocation, at: Date): Promise<void> {
  const data = { der: new Uint8Array(entry.der), thisUpdate: entry.thisUpdate, nextUpdate: entry.nextUpdate, fetchedAt: at };
  await db().revocationCache.upsert({ where: { key: entry.key }, create: { key: entry.key, ...data }, update: data });
  await db().revocationCache.deleteMany({ where: { nextUpdate: { lte: at } } });
  const overflow = await db().revocationCache.findMany({ select: { key: true }, orderBy: { fetchedAt: "desc" }, skip: MAX_ROWS });
  if (overflow.length) await db().revocationCache.deleteMany({ where: { key: { in: overflow.map((r) => r.key) } } });
}
