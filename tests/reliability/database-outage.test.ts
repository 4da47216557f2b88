// The database goes away and comes back. A TCP relay stands between the server and PostgreSQL and is
// cut (every connection dropped, new ones refused) and restored: a server started before its
// database waits for it; while it is gone the API answers 503 with Retry-After (not a 500), a signing
// or short link gets a server-rendered "try again shortly" page (not a blank error shell), a panel
// page the service's own notice, and the
// background jobs log their failure once instead of a stack trace every second; once it is back
// everything works again without a restart. A server whose database never comes stops with a clear
// message. Needs a real server to cut off, so this file always runs on PostgreSQL (the machine's, or
// TEST_DATABASE_URL).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, eventually, run } from "../api/client";
import { freePort, ROOT, startSeededServer, type RunningServer } from "../api/server";
import type { Consent } from "../api/consent-helpers";
import { tokenOf } from "../api/signing-helpers";
import { chromiumPerFile } from "../e2e/browser";
import { demoConsent } from "./harness";

const BASE_DB = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
/** How many background jobs lib/jobs/background-jobs.ts lists (read from its text: importing it would load the whole service here). */
const JOBS = fs.readFileSync(path.join(ROOT, "lib/jobs/background-jobs.ts"), "utf8").match(/^\s*\{?\s*name: "/gm)!.length;

/** Relays TCP to PostgreSQL until cut; restored on the same port. */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => (s === client ? upstream : client).destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(this.port, "127.0.0.1", resolve));
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

const schema = `t_outage_${randomBytes(4).toString("hex")}`;
const dataDir = path.join(run.dataDir, `outage-${randomBytes(3).toString("hex")}`);
const logFile = path.join(dataDir, "server.log");
const target = new URL(BASE_DB);
let relay: Relay;
let server: RunningServer;
let key: { id: string; secret: string };
let consent: { id: string; token: string; short: string };
/** a second server whose database never answers, started first: it must give up and exit */
let doomed: { exited: Promise<number | null>; output: () => string; kill: () => void };

const chrome = chromiumPerFile();
const api = (method: string, p: string, body?: unknown) => call(method, p, { key, body, baseUrl: server.url });
const page = (p: string) => fetch(`${server.url}${p}`, { redirect: "manual" });
const logLines = () =>
  fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { msg: string; job?: string; level: number });

function dbUrlThrough(port: number): string {
  const u = new URL(BASE_DB);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  u.searchParams.set("schema", schema);
  return u.toString();
}

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  const env = { ...run.env, DATA_DIR: dataDir, LOG_LEVEL: "info", RATE_LIMIT_PER_MINUTE: "1000000" };
  delete (env as Record<string, string>).PGLITE_DIR;
  delete (env as Record<string, string>).SMS_OUTBOX_PATH;

  // Nothing ever listens on this port.
  const deadPort = await freePort();
  let output = "";
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(await freePort()), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ALLOW_TEST_SETTINGS: "1", ...env, DATA_DIR: path.join(dataDir, "doomed"), DATABASE_URL: dbUrlThrough(deadPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  doomed = { exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))), output: () => output, kill: () => child.kill("SIGKILL") };

  // The server starts while its database is not there yet; the relay comes up once the server has
  // said it is waiting (however long a loaded machine takes to get there), at most 60 s on.
  relay = new Relay(await freePort(), { host: target.hostname, port: Number(target.port || 5432) });
  const relayUp = (async () => {
    const waiting = () => fs.existsSync(logFile) && fs.readFileSync(logFile, "utf8").includes('"msg":"database not reachable yet; waiting"');
    for (const deadline = Date.now() + 60_000; !waiting() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 200));
    await relay.up();
  })();
  const started = await startSeededServer({ ...env, DATABASE_URL: dbUrlThrough(relay.port) }, logFile);
  await relayUp;
  server = started.server;
  key = started.key;
  const created = await api("POST", "/v1/consents", demoConsent());
  expect(created.status, created.text).toBe(201);
  const link = created.body.link as { url: string; short: string };
  consent = { id: String(created.body.id), token: tokenOf(created.body as unknown as Consent), short: new URL(link.short).pathname };
});

afterAll(async () => {
  doomed?.kill();
  await server?.stop();
  await relay?.down();
  const client = new pg.Client({ connectionString: BASE_DB });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

describe("a database that goes away and comes back", () => {
  it("a server started before its database waited for it", () => {
    expect(logLines().filter((l) => l.msg === "database not reachable yet; waiting").length).toBeGreaterThan(0);
    expect(logLines().some((l) => l.msg === "database ready")).toBe(true);
  });

  it("while it is gone: 503 with Retry-After from the API, a page that says so for a link or in the panel, jobs that log once", async () => {
    // Signed in to the panel before the database goes.
    // A production server keeps the demo login in a file of its own (mode 0600), not in its output.
    const { email, password } = (JSON.parse(fs.readFileSync(path.join(dataDir, "first-run-credentials.json"), "utf8")) as { panel: { email: string; password: string } }).panel;
    const browser = await (await chrome.context("desktop")).newPage();
    await browser.goto(`${server.url}/panel/login`);
    await browser.fill("input[type=email]", email);
    await browser.fill("input[type=password]", password);
    await browser.click("button[type=submit]");
    await browser.waitForURL(`${server.url}/panel`);

    await relay.down();
    const cutAt = logLines().length;

    for (const [method, p, body] of [
      ["GET", "/v1/me"],
      ["GET", `/v1/consents/${consent.id}`],
      ["POST", "/v1/consents", demoConsent()],
    ] as const) {
      const r = await api(method, p, body);
      expect(r.status, `${method} ${p}: ${r.text}`).toBe(503);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(r.headers.get("retry-after")).toBe("5");
      expect(r.body).toMatchObject({ status: 503, code: "service_unavailable" });
      expect(r.text).not.toMatch(/postgres|ECONN|\bat /i);
    }

    for (const p of [`/s/${consent.token}`, consent.short]) {
      const res = await page(p);
      const html = await res.text();
      expect(res.status, p).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(html).toContain("Hizmet şu anda kullanılamıyor");
      expect(html).toContain("Service temporarily unavailable");
      expect(html).not.toContain("__next_error__");
      expect(html).not.toContain("Deniz Kaya");
    }
    // A panel page fails while it loads: the service's own words (app/global-error.tsx, drawn by
    // the page's script under the nonce policy), not Next's English notice.
    const panel = await browser.goto(`${server.url}/panel/consents`);
    expect(panel?.status()).toBe(500);
    await expect.poll(() => browser.locator("body").innerText()).toContain("Sayfa şu anda açılamıyor");
    expect(await browser.locator("body").innerText()).toContain("This page cannot be opened right now");
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(503);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // Eight seconds of outage: with the runner's 1 s interval, six failed runs per job without the
    // back-off (1, 2, 4 s…); each job logs its first failure in full and at most a short line after.
    await new Promise((r) => setTimeout(r, 8000));
    const during = logLines().slice(cutAt);
    expect(during.filter((l) => l.msg === "unhandled error")).toEqual([]);
    const full = during.filter((l) => l.msg === "background job failed");
    expect(new Set(full.map((l) => l.job)).size).toBe(full.length);
    expect(full.length).toBeLessThanOrEqual(JOBS);
    for (const job of new Set(full.map((l) => l.job))) {
      expect(during.filter((l) => l.job === job && /background job (failed|still failing)/.test(l.msg)).length, job).toBeLessThanOrEqual(3);
    }
  });

  it("once it is back, everything works again without a restart", async () => {
    await relay.up();
    await eventually(async () => (await api("GET", "/v1/me")).status === 200, 30_000);
    const res = await page(`/s/${consent.token}`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("Hizmet şu anda kullanılamıyor");
    const redirect = await page(consent.short);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toContain(`/s/${consent.token}`);
    // The create refused during the outage created nothing.
    const list = await api("GET", "/v1/consents");
    expect(list.body.count).toBe(1);
    expect((await api("POST", "/v1/consents", demoConsent())).status).toBe(201);
    await eventually(async () => logLines().some((l) => l.msg === "background job recovered"), 70_000);
  });

  it("a server whose database never comes stops with a clear message", async () => {
    const code = await doomed.exited;
    expect(code).toBe(1);
    expect(doomed.output()).toContain("The database cannot be reached");
    expect(doomed.output()).toContain("it did not answer within 60 s");
  });
});
