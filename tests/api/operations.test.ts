// What an operator's load balancer and Prometheus read (decisions §16): /api/health, /api/ready,
// /api/metrics, on the shared server and on one of their own with a token and a broken storage.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { call, run } from "./client";
import { consentBody, createConsent, createTestTemplate } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { ownDatabase, startServer, type RunningServer } from "./server";

describe("health, readiness and metrics", () => {
  it("answers /api/health without credentials or the database", async () => {
    const res = await call("GET", "/api/health", { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("is ready when the database, the migrations and the storage are", async () => {
    const res = await call("GET", "/api/ready", { key: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ status: "ready", checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } } });
  });

  it("serves Prometheus text: requests by route and status, job backlog, and no ids in labels", async () => {
    await call("GET", "/v1/me");
    await call("GET", "/v1/consents/ons_doesnotexist");
    const res = await fetch(`${run.url}/api/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/eonam_http_request_duration_seconds_count\{route="\/v1\/me",method="GET",status="200"\} \d+/);
    expect(text).toMatch(/eonam_http_request_duration_seconds_count\{route="\/v1\/consents\/:id",method="GET",status="404"\} \d+/);
    expect(text).toMatch(/eonam_job_backlog\{kind="webhook_delivery"\} \d+/);
    expect(text).toMatch(/eonam_job_backlog\{kind="timestamp"\} \d+/);
    expect(text).toContain("eonam_process_resident_memory_bytes");
    expect(text).not.toContain("ons_doesnotexist");
  });
});

describe("document production", () => {
  /** A thread's nice value (field 19 of /proc/…/task/…/stat). */
  function niceOf(pid: number, tid: string): number {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  }

  it("runs on a worker thread below the requests' priority (nice 10), the main thread staying at 0", async () => {
    const c = await createConsent(consentBody(await createTestTemplate()));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    // The answer came after the document: its worker thread exists now (it exits only when idle).
    expect(niceOf(run.pid, String(run.pid))).toBe(0);
    expect(fs.readdirSync(`/proc/${run.pid}/task`).map((tid) => niceOf(run.pid, tid))).toContain(10);
  });
});

describe("an instance with METRICS_TOKEN, no APP_URL and storage it cannot write", () => {
  const dataDir = path.join(run.dataDir, "operations");
  const own = ownDatabase(dataDir, "ops");
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    await own.drop();
  });

  it("wants the bearer token, reports not ready naming the storage, and prints links with its own port", async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    const notADir = path.join(dataDir, "a-file");
    fs.writeFileSync(notADir, "");
    const token = "metrics-token-0123456789";
    const env = { ...run.env, ...own.env, SEED_DEMO: "1", METRICS_TOKEN: token, FILE_STORAGE: "filesystem", FILE_STORAGE_DIR: path.join(notADir, "files"), APP_URL: "" };
    server = await startServer(env, path.join(dataDir, "server.log"));

    const anon = await fetch(`${server.url}/api/metrics`);
    expect(anon.status).toBe(401);
    expect(anon.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect((await fetch(`${server.url}/api/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    expect((await fetch(`${server.url}/api/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);

    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
    expect(body.status).toBe("not_ready");
    expect(body.checks.database).toEqual({ ok: true });
    expect(body.checks.storage!.ok).toBe(false);
    expect(body.checks.storage!.error).toMatch(/ENOTDIR|not a directory/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // With no APP_URL the first-run banner's links use the port the server listens on.
    const log = fs.readFileSync(server.logFile, "utf8");
    expect(log).toContain(`http://localhost:${server.port}/panel`);
    expect(log).not.toContain("localhost:3000");
  });
});
