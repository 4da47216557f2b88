// The database's part of GET /api/ready (lib/health/check-readiness.ts): does it answer, and which
// migrations has it finished.
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";

/** One round trip; rejects when the database does not answer. */
export async function pingDatabase(): Promise<void> {
  await sqlRows(Prisma.sql`SELECT 1 AS ok`);
}

/** The names of the migrations applied and not rolled back. */
export async function appliedMigrations(): Promise<Set<string>> {
  const rows = await sqlRows<{ migration_name: string }>(
    Prisma.sql`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return new Set(rows.map((r) => r.migration_name));
}
