// Starting and stopping the real production server for API tests.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { seedPglite } from "../pglite-template";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** `next build` unless SKIP_BUILD=1 and a build exists (a local shortcut; CI always builds). */
export function ensureBuilt(): void {
  // Once per test run, even though the API and browser projects each run this global setup.
  const run = globalThis as typeof globalThis & { __eonamBuilt?: boolean };
  if (run.__eonamBuilt) return;
  const built = fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"));
  if (process.env.SKIP_BUILD === "1" && built) return;
  const r = spawnSyncInherit(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"]);
  if (r !== 0) throw new Error(`next build failed (exit ${r})`);
  run.__eonamBuilt = true;
}

function spawnSyncInherit(cmd: string, args: string[]): number | null {
  return spawnSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } })
    .status;
}

export interface RunningServer {
  url: string;
  port: number;
  logFile: string;
  child: ChildProcess;
  stop(): Promise<number | null>;
}

export async function startServer(env: Record<string, string>, logFile: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = fs.openSync(logFile, "a");
  // The server keeps an idle connection longer than the tests' fetch (4 s), so the client always
  // closes first: otherwise, on a loaded machine, a request can go out on a socket the server is
  // closing that instant and fail with "other side closed".
  const child = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS ? process.env.SERVER_NODE_ARGS.split(" ") : []), path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "60000"], {
    cwd: ROOT,
    // The server runs in a zone that is neither UTC nor APP_TIMEZONE, so that any time read or
    // written in the process's local zone instead of UTC (or APP_TIMEZONE) shows in the tests.
    // A production build with the tests' own settings (TEST_CLOCK): allowed explicitly, as no real deployment is.
    env: { ...process.env, TZ: "Asia/Kolkata", NODE_ENV: "production", ALLOW_TEST_SETTINGS: "1", NEXT_MANUAL_SIG_HANDLE: "true", MALLOC_ARENA_MAX: "2", PORT: String(port), APP_URL: url, ...env },
    stdio: ["ignore", out, out],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/v1/me`);
      if (res.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    logFile,
    child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** A server of its own on an empty database with the demo tenant seeded; returns its API key. */
export async function startSeededServer(
  env: Record<string, string>,
  logFile: string,
): Promise<{ server: RunningServer; key: { id: string; secret: string } }> {
  const server = await startServer({ ...env, SEED_DEMO: "1" }, logFile);
  // A production server writes the demo credentials to a file of its own (mode 0600), never to its output.
  const file = path.join(env.DATA_DIR ?? "", "first-run-credentials.json");
  const credentials = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { api?: { key_id?: string; secret?: string } }) : {};
  const id = credentials.api?.key_id;
  const secret = credentials.api?.secret;
  if (!id || !secret) {
    await server.stop();
    throw new Error(`no first-run credentials in ${file}; see ${logFile}`);
  }
  return { server, key: { id, secret } };
}

/**
 * A database of its own for a server one test starts: a fresh data directory and, when the run is
 * on PostgreSQL (TEST_DATABASE_URL), a fresh schema, dropped by drop().
 */
export function ownDatabase(dataDir: string, prefix: string): { env: Record<string, string>; schema: string | null; drop(): Promise<void> } {
  fs.mkdirSync(dataDir, { recursive: true });
  const testDb = process.env.TEST_DATABASE_URL;
  if (!testDb) {
    seedPglite(dataDir);
    return { env: { DATA_DIR: dataDir }, schema: null, drop: async () => undefined };
  }
  const schema = `t_${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const u = new URL(testDb);
  u.searchParams.set("schema", schema);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: u.toString() },
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: testDb });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}
