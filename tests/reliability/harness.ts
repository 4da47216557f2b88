// A server of its own per reliability file: its own data directory (and PostgreSQL schema), the
// demo tenant seeded, a high rate limit (these tests hammer one key on purpose), the admin CLI,
// and direct SQL while the server is stopped or dead.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { call, run, type CallResult } from "../api/client";
import { runAdmin } from "../api/admin-cli";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "../api/server";

export type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[]; count: number }>;

export interface OwnServer {
  server: RunningServer;
  key: { id: string; secret: string };
  env: Record<string, string>;
  dataDir: string;
  api<T = Record<string, unknown>>(method: string, p: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult<T>>;
  admin(args: string[]): Promise<{ status: number | null; stderr: string; json: Record<string, unknown> | null }>;
  /** stops the server (SIGTERM), runs fn, starts it again */
  whileStopped<T>(fn: () => Promise<T>): Promise<T>;
  /** SQL on this server's database; the server must not be running on PGlite */
  sql<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function ownServer(prefix: string, extraEnv: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = path.join(run.dataDir, `${prefix}-${randomBytes(3).toString("hex")}`);
  const own = ownDatabase(dataDir, prefix);
  const logFile = path.join(dataDir, "server.log");
  const env: Record<string, string> = { ...run.env, ...own.env, RATE_LIMIT_PER_MINUTE: "1000000", LOG_LEVEL: "warn", ...extraEnv };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  const started = await startSeededServer(env, logFile);
  const self: OwnServer = {
    server: started.server,
    key: started.key,
    env,
    dataDir,
    api: (method, p, body, headers) => call(method, p, { key: self.key, body, headers, baseUrl: self.server.url }),
    admin: (args) => runAdmin(args, env),
    async whileStopped(fn) {
      await self.server.stop();
      try {
        return await fn();
      } finally {
        await self.start();
      }
    },
    async sql(fn) {
      if (own.schema) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        try {
          await client.query(`SET search_path TO "${own.schema}"`);
          return await fn(async (q, params) => {
            const r = await client.query(q, params);
            return { rows: r.rows as Record<string, unknown>[], count: r.rowCount ?? 0 };
          });
        } finally {
          await client.end();
        }
      }
      const db = new PGlite(path.join(dataDir, "pglite"));
      try {
        return await fn(async (q, params) => {
          const r = await db.query<Record<string, unknown>>(q, params);
          return { rows: r.rows, count: r.affectedRows ?? r.rows.length };
        });
      } finally {
        await db.close();
      }
    },
    async start() {
      self.server = await startServer(env, logFile);
    },
    async close() {
      await self.server.stop();
      await own.drop();
    },
  };
  return self;
}

/** The demo tenant's template needs girisim_tarihi; sms_gonder false unless said otherwise. */
export function demoConsent(extra: Record<string, unknown> = {}) {
  return {
    sablon_kod: "genel-tibbi-mudahale",
    adsoyad: "Deniz Kaya",
    // One phone gets at most 10 OTP messages an hour (decisions §15): a number of its own each time.
    telefon: `0533 ${String(Math.floor(Math.random() * 100_000)).padStart(5, "0").replace(/^(\d{3})/, "$1 ")} 33`,
    sms_gonder: false,
    degiskenler: { girisim_tarihi: "2026-12-01" },
    ...extra,
  };
}

