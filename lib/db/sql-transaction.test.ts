// Transactions on the driver (transaction), which the signing path's state changes run in: they
// commit together, roll back together when anything in them throws, and serialize on a row lock.
// On PGlite, or on PostgreSQL (a schema of its own) when TEST_DATABASE_URL is set.
import { Prisma } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const database = useTestDatabase("sqltx");
const { prepareDb, sqlRows, transaction } = await import("@/lib/db");

const tenant = (id: string) => sqlRows<{ id: string; quota: number; createdAt: Date }>(
  Prisma.sql`SELECT id, quota_remaining AS quota, created_at AS "createdAt" FROM tenants WHERE id = ${id}`,
);
const insertTenant = (id: string, createdAt = new Date()) =>
  Prisma.sql`INSERT INTO tenants (id, code, name, created_at, updated_at) VALUES (${id}, ${id}, ${id}, ${createdAt}, ${createdAt})`;

beforeAll(async () => {
  await prepareDb();
});

afterAll(() => database.cleanup());

describe("transaction", () => {
  it("commits its statements together and answers with what the function returned", async () => {
    const at = new Date("2026-11-25T08:15:30.123Z");
    const result = await transaction(async (tx) => {
      const inserted = await tx.$executeRaw(insertTenant("tx-a", at));
      const updated = await tx.$executeRaw(Prisma.sql`UPDATE tenants SET quota_remaining = 7 WHERE id = 'tx-a'`);
      const none = await tx.$executeRaw(Prisma.sql`UPDATE tenants SET quota_remaining = 8 WHERE id = 'no-such-tenant'`);
      const rows = await tx.$queryRaw<{ quota: number }[]>(Prisma.sql`SELECT quota_remaining AS quota FROM tenants WHERE id = 'tx-a'`);
      return { inserted, updated, none, seen: rows[0]?.quota };
    });
    expect(result).toEqual({ inserted: 1, updated: 1, none: 0, seen: 7 });
    // A time goes in and comes out as the same instant (TIMESTAMP(3) holds UTC, Prisma's convention).
    expect(await tenant("tx-a")).toEqual([{ id: "tx-a", quota: 7, createdAt: at }]);
  });

  it("rolls everything back when the function throws, and passes the error on", async () => {
    const failure = transaction(async (tx) => {
      await tx.$executeRaw(insertTenant("tx-b"));
      throw new Error("refused after the insert");
    });
    await expect(failure).rejects.toThrow("refused after the insert");
    expect(await tenant("tx-b")).toEqual([]);
    // A failing statement too; the connection is usable afterwards.
    await expect(transaction(async (tx) => {
      await tx.$executeRaw(insertTenant("tx-c"));
      await tx.$executeRaw(insertTenant("tx-c"));
    })).rejects.toThrow();
    expect(await tenant("tx-c")).toEqual([]);
    await transaction(async (tx) => tx.$executeRaw(insertTenant("tx-d")));
    expect(await tenant("tx-d")).toHaveLength(1);
  });

  it("serializes read-modify-write under a row lock: 12 concurrent increments make 12", async () => {
    await transaction(async (tx) => tx.$executeRaw(insertTenant("tx-e")));
    await Promise.all(
      Array.from({ length: 12 }, () =>
        transaction(async (tx) => {
          const [row] = await tx.$queryRaw<{ quota: number }[]>(Prisma.sql`SELECT quota_remaining AS quota FROM tenants WHERE id = 'tx-e' FOR UPDATE`);
          await new Promise((r) => setTimeout(r, 5));
          await tx.$executeRaw(Prisma.sql`UPDATE tenants SET quota_remaining = ${row!.quota + 1} WHERE id = 'tx-e'`);
        }),
      ),
    );
    expect((await tenant("tx-e"))[0]?.quota).toBe(12);
  });
});
