// The one database module: PGlite in PGLITE_DIR when DATABASE_URL is unset, PostgreSQL otherwise.
// One handle per process (a globalThis singleton, shared by instrumentation and route bundles).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "@prisma/client";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/lib/env";
import { acquireDirLock } from "@/lib/db/lock";
import { withPgliteFixes } from "@/lib/db/pglite-adapter-fixes";
import { migrate, type SqlRunner } from "@/lib/db/migrate";


/**
 * A transaction, as lib/db's named operations take it: raw SQL on one connection. `transaction()`
 * below is the one way to open one; a Prisma transaction is one too, until the last of them goes.
 */
export interface Tx {
  $queryRaw<T = unknown>(query: Prisma.Sql): PromiseLike<T>;
  $executeRaw(query: Prisma.Sql): PromiseLike<number>;
}

interface DbHandle {
  prisma: PrismaClient;
  driver: "pglite" | "postgres";
  /** one statement on the driver itself, past Prisma's query compiler (see `sqlRows`) */
  query<T>(text: string, params: unknown[]): Promise<T[]>;
  /** fn inside one transaction on the driver, past Prisma (see `transaction`) */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** runs fn with raw SQL on one connection (migrations, locks) */
  withSql<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Prisma's defaults (2 s to start a transaction, 5 s to finish it) fail requests under a burst that
 * queues for the pool or for a row lock, such as 100 concurrent creates on one tenant's quota.
 */
const transactionOptions = { maxWait: 15_000, timeout: 20_000 };

/**
 * `sqlRows` bypasses Prisma, so it must keep Prisma's convention itself: TIMESTAMP(3) columns hold
 * UTC. Drivers read such columns in the process's local zone (and pg also writes Dates in it), which
 * would shift every time by the server's offset wherever TZ is not UTC.
 */
const TIMESTAMP_OID = 1114;
const parseUtcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const utcParams = (values: unknown[]) => values.map((v) => (v instanceof Date ? v.toISOString() : v));
const utcParsers = { parsers: { [TIMESTAMP_OID]: parseUtcTimestamp } };
const utcTypes = {
  getTypeParser: ((oid: number, format?: "text") => (oid === TIMESTAMP_OID ? parseUtcTimestamp : pg.types.getTypeParser(oid, format))) as pg.CustomTypesConfig["getTypeParser"],
};

const holder = globalThis as typeof globalThis & { __eonamDb?: DbHandle; __eonamDbReady?: Promise<DbHandle> };

/** Splits a `?schema=` parameter off a PostgreSQL URL (Prisma's convention) into a search_path. */
function pgConfig(url: string): { config: pg.PoolConfig; schema?: string } {
  const u = new URL(url);
  const schema = u.searchParams.get("schema") ?? undefined;
  u.searchParams.delete("schema");
  // A connection that cannot be made in 10 s fails (an unreachable host would otherwise hold the
  // request until the kernel gives up, minutes later); so does a wait that long for a free one.
  const config: pg.PoolConfig = { connectionString: u.toString(), max: 10, connectionTimeoutMillis: 10_000 };
  if (schema) config.options = `-c search_path="${schema.replace(/"/g, "")}"`;
  return { config, schema };
}

/**
 * A name per statement text, so that each pooled connection parses and plans a hot statement once
 * and then only binds and executes it: less work for PostgreSQL and fewer bytes per call. The texts
 * come from a fixed set of code paths; past MAX_NAMED_STATEMENTS, further texts run unnamed.
 */
const MAX_NAMED_STATEMENTS = 256;
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `eonam_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** One statement on a pool or a client of it: named (see statementName), times in UTC. */
function pgStatement<T>(on: pg.Pool | pg.PoolClient, text: string, params: unknown[]) {
  return on.query<T & pg.QueryResultRow>({ name: statementName(text), text, values: utcParams(params), types: utcTypes });
}

function openPostgres(url: string): DbHandle {
  const { config, schema } = pgConfig(url);
  const pool = new pg.Pool(config);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined), transactionOptions });
  return {
    prisma,
    driver: "postgres",
    query: async <T,>(text: string, params: unknown[]) => (await pgStatement<T>(pool, text, params)).rows,
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("BEGIN");
        const result = await fn({
          $queryRaw: async <T,>(q: Prisma.Sql) => (await pgStatement(client, q.text, q.values)).rows as T,
          $executeRaw: async (q) => (await pgStatement(client, q.text, q.values)).rowCount ?? 0,
        });
        await client.query("COMMIT");
        return result;
      } catch (err) {
        // A connection that cannot even roll back is not given back to the pool.
        await client.query("ROLLBACK").catch(() => (broken = true));
        throw err;
      } finally {
        client.release(broken);
      }
    },
    async withSql(fn) {
      const client = await pool.connect();
      try {
        if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, "")}"`);
        return await fn({
          exec: async (sql) => void (await client.query(sql)),
          rows: async (sql, params) => (await client.query(sql, params)).rows,
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/**
 * PGlite's settings: PostgreSQL's default 128 MB of shared buffers were a third of the embedded
 * server's memory, for a database one clinic fills slowly; 16 MB keep its hot pages (the operating
 * system caches the files behind them anyway).
 */
const PGLITE_CONF = ["shared_buffers=16MB"];

/**
 * A fresh directory's initdb grows PGlite's WebAssembly memory by ~550 MB, which WebAssembly never
 * gives back (and a worker thread left ~110 MB behind in the allocator): run it in a short-lived
 * child process, so that the server opens a ready directory. The code is passed inline so that the
 * bundler leaves it alone; the child loads PGlite from the project's node_modules.
 */
async function initdbInChild(dir: string): Promise<void> {
  if (fs.existsSync(path.join(/*turbopackIgnore: true*/ dir, "PG_VERSION"))) return;
  const code = `const { PGlite } = await import("@electric-sql/pglite");
const db = new PGlite(process.argv[1]); await db.waitReady; await db.close(); process.exit(0);`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code, dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString("utf8")).slice(-2000)));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (exitCode !== 0) throw new Error(`Could not create the embedded database in ${dir}: ${stderr.trim().split("\n").at(-1) ?? `exit ${exitCode}`}`);
}

function openPglite(dir: string, release = acquireDirLock(dir)): DbHandle {
  const client = new PGlite(dir, { postgresqlconf: PGLITE_CONF });
  const prisma = new PrismaClient({ adapter: withPgliteFixes(new PrismaPGlite(client)), transactionOptions });
  return {
    prisma,
    driver: "pglite",
    // PGlite runs a query only between transactions, never inside one Prisma holds open.
    query: async <T,>(text: string, params: unknown[]) => (await client.query<T>(text, utcParams(params), utcParsers)).rows,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          $queryRaw: async <T,>(q: Prisma.Sql) => (await tx.query(q.text, utcParams(q.values), utcParsers)).rows as T,
          $executeRaw: async (q) => (await tx.query(q.text, utcParams(q.values), utcParsers)).affectedRows ?? 0,
        }),
      ),
    withSql: (fn) =>
      fn({
        exec: async (sql) => void (await client.exec(sql)),
        rows: async <T,>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
      }),
    async close() {
      try {
        await prisma.$disconnect();
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** The process's database handle, opened (and for PGlite, locked) on first use. */
export function dbHandle(): DbHandle {
  if (!holder.__eonamDb) {
    const e = env();
    holder.__eonamDb = e.DATABASE_URL ? openPostgres(e.DATABASE_URL) : openPglite(e.PGLITE_DIR);
  }
  return holder.__eonamDb;
}

/** The Prisma client. */
export function db(): PrismaClient {
  return dbHandle().prisma;
}

/**
 * Runs one statement on the driver, bypassing Prisma: for the hot paths of the API only (key lookup,
 * consent create, read and list, verify). Prisma 6.19 compiles every query in WASM on the event loop with no
 * plan cache (it arrives in Prisma 7), which profiled at ~40% of the server's CPU under load.
 * Columns come back as the driver parses them: alias them to the field names the caller expects.
 */
export function sqlRows<T>(query: Prisma.Sql): Promise<T[]> {
  return dbHandle().query<T>(query.text, query.values);
}

/**
 * Runs fn inside one transaction on the driver: the one transaction API. Statements in fn go through
 * `tx` only (on PGlite anything else waits for the transaction to end). Rolls back when fn throws.
 */
export function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return dbHandle().transaction(fn);
}

/**
 * The database outside any transaction, as a Tx: for the operations that take one when the caller
 * holds none (a session check before the transaction that acts on it). Each statement commits on its
 * own, on the driver like `transaction`'s, so that an operation reads its rows alike in both.
 */
export const autocommit: Tx = {
  $queryRaw: async <T,>(q: Prisma.Sql) => (await dbHandle().query(q.text, q.values)) as T,
  $executeRaw: (q) => transaction(async (tx) => tx.$executeRaw(q)),
};

/**
 * Epoch milliseconds (a parameter or a column) as a TIMESTAMP(3) holding UTC, Prisma's convention
 * for DateTime columns, converted in SQL so that neither a driver's Date encoding nor the session
 * time zone can shift it.
 */
export function utcFromEpochMs(ms: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(to_timestamp((${ms})::double precision / 1000) AT TIME ZONE 'UTC')`;
}

/** Opens the database and applies pending migrations, once per process. */
export function prepareDb(): Promise<DbHandle> {
  holder.__eonamDbReady ??= (async () => {
    const e = env();
    if (!e.DATABASE_URL && !holder.__eonamDb) {
      const release = acquireDirLock(e.PGLITE_DIR);
      try {
        await initdbInChild(e.PGLITE_DIR);
      } catch (err) {
        release();
        throw err;
      }
      holder.__eonamDb = openPglite(e.PGLITE_DIR, release);
    }
    const handle = dbHandle();
    await handle.withSql((sql) => migrate(sql));
    return handle;
  })();
  // A failed start (the database not reachable yet) may be tried again.
  holder.__eonamDbReady.catch(() => (holder.__eonamDbReady = undefined));
  return holder.__eonamDbReady;
}

export async function closeDb(): Promise<void> {
  const handle = holder.__eonamDb;
  holder.__eonamDb = undefined;
  holder.__eonamDbReady = undefined;
  if (handle) await handle.close();
}

/**
 * True when err is a unique-constraint violation. Prisma reports P2002 on PostgreSQL, but on PGlite
 * the driver adapter's error arrives unmapped, carrying SQLSTATE 23505 in its cause; a statement on
 * the driver itself (`transaction`, `sqlRows`) carries it as its own code.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const e = err as { code?: string; cause?: { kind?: string; code?: string } };
  return (
    e.code === "P2002" ||
    e.code === "23505" ||
    e.cause?.kind === "UniqueConstraintViolation" ||
    (e.cause?.kind === "postgres" && e.cause.code === "23505")
  );
}
