import net from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { openTemplatePglite } from "@/tests/pglite-template";

/** What a call rejected with. */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

describe("isDatabaseUnavailable", () => {
  // A port nothing listens on: every connection is refused, as when PostgreSQL is down.
  let pool: pg.Pool;
  let prisma: PrismaClient;
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    pool = new pg.Pool({ connectionString: `postgresql://postgres@127.0.0.1:${port}/x`, connectionTimeoutMillis: 2000 });
    prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await pool.end().catch(() => undefined);
  });

  it("recognises a refused connection through the driver and through each of Prisma's paths", async () => {
    expect(isDatabaseUnavailable(await rejection(pool.query("SELECT 1")))).toBe(true);
    expect(isDatabaseUnavailable(await rejection(prisma.$queryRaw`SELECT 1`))).toBe(true);
    expect(isDatabaseUnavailable(await rejection(prisma.tenant.findFirst()))).toBe(true);
    expect(isDatabaseUnavailable(await rejection(prisma.$transaction(async (tx) => tx.tenant.findFirst())))).toBe(true);
  });

  it("recognises what PostgreSQL says when it refuses the session itself", () => {
    // node-postgres's DatabaseError for a database that is shutting down / not accepting connections
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is shutting down"), { code: "57P03", severity: "FATAL" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('database "x" is not currently accepting connections'), { code: "55000", severity: "FATAL" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves a database's answer to a bad statement, and any other error, to the 500 path", async () => {
    const pglite = await openTemplatePglite("unavailable");
    try {
      const err = await rejection(pglite.db.query("SELECT * FROM no_such_table"));
      expect((err as { code?: string }).code).toBe("42P01");
      expect(isDatabaseUnavailable(err)).toBe(false);
    } finally {
      await pglite.close();
    }
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505", severity: "ERROR" }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
