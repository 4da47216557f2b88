// One real server per API test run: `next build`, a fresh PGlite directory (or a fresh PostgreSQL
// schema when TEST_DATABASE_URL is set), fixtures seeded, then `next start` on a free port.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureBuilt, ROOT, startServer } from "./server";
import type { Fixtures } from "./fixtures";
import { seedPglite } from "../pglite-template";

export interface ApiRun {
  url: string;
  /** the shared server's process */
  pid: number;
  driver: "pglite" | "postgres";
  dataDir: string;
  logFile: string;
  env: Record<string, string>;
  fixtures: Fixtures;
}

declare module "vitest" {
  export interface ProvidedContext {
    api: ApiRun;
  }
}

// The API and browser projects each run this setup; they share one server (and one seeded database).
const shared = globalThis as typeof globalThis & { __eonamApiRun?: { run: Promise<{ run: ApiRun; stop(): Promise<void> }>; users: number } };

export default async function setup(project: TestProject) {
  shared.__eonamApiRun ??= { run: startRun(), users: 0 };
  const holder = shared.__eonamApiRun;
  holder.users++;
  const { run, stop } = await holder.run;
  project.provide("api", run);
  return async () => {
    if (--holder.users > 0) return;
    shared.__eonamApiRun = undefined;
    await stop();
  };
}

async function startRun(): Promise<{ run: ApiRun; stop(): Promise<void> }> {
  ensureBuilt();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const dataDir = path.join(ROOT, "test-data", `api-${runId}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, "server.log");

  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    SMS_DRIVER: "file",
    WEBHOOK_ALLOW_PRIVATE: "1",
    TEST_CLOCK: "1",
    RUNNER_INTERVAL: "1s",
    APP_SECRET: randomBytes(32).toString("base64url"),
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    // decisions §24: the roots a physician's qualified certificate may chain to; read when used, so a
    // test writes its own PKI's root here (tests/api/qualified-countersign.test.ts).
    QUALIFIED_TRUST_ANCHORS: path.join(dataDir, "qualified-trust-anchors.pem"),
    // issue #48: the institution's remote signing service (CSC v2). Nothing answers there until
    // tests/e2e/panel-qualified-countersign.test.ts runs tests/csc-server.ts on this port, which is
    // outside the ephemeral range so that no outgoing connection takes it meanwhile.
    CSC_BASE_URL: `http://127.0.0.1:${await listenablePort(20_000, 32_000)}/csc/v2`,
    CSC_CLIENT_ID: "e-onam",
    CSC_CLIENT_SECRET: "gizli",
    CSC_TIMEOUT: "10s",
  };
  const testDb = process.env.TEST_DATABASE_URL;
  const schema = `t_${runId}`;
  if (testDb) {
    const u = new URL(testDb);
    u.searchParams.set("schema", schema);
    env.DATABASE_URL = u.toString();
  } else {
    delete process.env.DATABASE_URL;
    seedPglite(dataDir);
  }
  // lib/env.ts reads process.env on first use, which comes after this point.
  Object.assign(process.env, env);

  const { seedFixtures } = await import("./fixtures");
  const testFiles = ["api", "e2e"].flatMap((dir) =>
    fs.existsSync(path.join(ROOT, "tests", dir)) ? fs.readdirSync(path.join(ROOT, "tests", dir)).filter((f) => f.endsWith(".test.ts")) : [],
  );
  const fixtures = await seedFixtures(testFiles);
  const server = await startServer(env, logFile);
  const run: ApiRun = { url: server.url, pid: server.child.pid!, driver: testDb ? "postgres" : "pglite", dataDir, logFile, env, fixtures };

  async function stop(): Promise<void> {
    await server.stop();
    if (testDb) {
      const client = new pg.Client({ connectionString: testDb });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
    if (process.env.KEEP_TEST_DATA !== "1") fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { run, stop };
}

/** A loopback port in [from, to) that can be listened on now, tried at random (at most 50 tries). */
async function listenablePort(from: number, to: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = from + Math.floor(Math.random() * (to - from));
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free loopback port in ${from}–${to}`);
}
