// The service's own secrets (the local authority's and the seal's keys, kept encrypted).
import { Prisma } from "@prisma/client";
import { db, sqlRows } from "@/lib/db";

/** Rows of ServiceSecret by name: the local seal reads its own for every document it seals. */
export async function serviceSecretRows(names: readonly string[]): Promise<{ name: string; value: string }[]> {
  return sqlRows(Prisma.sql`SELECT name, value FROM service_secrets WHERE name IN (${Prisma.join(names)})`);
}

/** All of `rows` or none, in one INSERT (atomic: a reader never sees half); a unique violation when any name is taken. */
export async function insertServiceSecrets(rows: readonly { name: string; value: string }[]): Promise<void> {
  await db().serviceSecret.createMany({ data: [...rows] });
}
