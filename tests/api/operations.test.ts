// What an operator's load balancer and Prometheus read (decisions §16): /api/health, /api/ready,
// /api/metrics, on the shared server and on one of their own with a token and a broken storage.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { basic, call, eventually, run } from "./client";
import { testPhone, type Consent } from "./consent-helpers";
import { lastOtp, signaturePng, signer, tokenOf } from "./signing-helpers";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "./server";

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

  it("keeps /api/metrics private without METRICS_TOKEN or METRICS_PUBLIC=1", async () => {
    const res = await fetch(`${run.url}/api/metrics`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await res.text()).not.toContain("eonam_http_request_duration_seconds");
  });
});

/** A thread's nice value (field 19 of /proc/…/task/…/stat). */
function niceOf(pid: number, tid: string): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

describe("a server that has not rendered a document yet", () => {
  const dataDir = path.join(run.dataDir, "warm-up");
  const own = ownDatabase(dataDir, "warm");
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    await own.drop();
  });

  it("starts its document thread when the person's code is verified, and renders the signed document on it", async () => {
    // At the default nice value, which CI's lanes lower to 0 (.ci/run) for the shared servers.
    const seeded = await startSeededServer({ ...run.env, ...own.env, PDF_WORKER_NICE: "10" }, path.join(dataDir, "server.log"));
    server = seeded.server;
    const pid = server.child.pid!;
    // The document thread runs below the requests' priority (nice 10), the main thread staying at 0.
    const documentThreads = () => fs.readdirSync(`/proc/${pid}/task`).filter((tid) => niceOf(pid, tid) === 10);
    expect(niceOf(pid, String(pid))).toBe(0);
    expect(documentThreads()).toEqual([]);

    const created = await fetch(`${server.url}/v1/consents`, {
      method: "POST",
      headers: { Authorization: basic(seeded.key), "Content-Type": "application/json" },
      body: JSON.stringify({ sablon_kod: "genel-tibbi-mudahale", adsoyad: "Ayşe Yılmaz", telefon: testPhone(), sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } }),
    });
    expect(created.status).toBe(201);
    const c = (await created.json()) as Consent;
    const token = tokenOf(c);
    expect((await signer(token, "otp", undefined, undefined, server.url)).status).toBe(200);
    expect(documentThreads()).toEqual([]);
    const verified = await signer(token, "verify", { code: lastOtp(c.id, dataDir) }, undefined, server.url);
    expect(verified.status).toBe(200);

    // While the person reads, the thread starts (and renders a warm-up document of no one's data).
    const warmed = await eventually(async () => documentThreads().length > 0 && documentThreads());
    const cookie = verified.headers.get("set-cookie")!.split(";")[0]!;
    const signed = await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, server.url);
    expect(signed.status).toBe(200);
    // The same thread rendered it. (The worker's module loader, tsx's register(), runs on a thread the
    // worker starts after its own, at its priority: the warm-up may have been seen before or after it.)
    const workerThread = (tids: string[]) => Math.min(...tids.map(Number));
    expect(workerThread(documentThreads())).toBe(workerThread(warmed));
    expect(documentThreads().length).toBeLessThanOrEqual(2);
  });
});

describe("an instance with METRICS_TOKEN, no APP_URL, storage it cannot write and a Redis it cannot reach", () => {
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
    const env = { ...run.env, ...own.env, SEED_DEMO: "1", METRICS_TOKEN: token, FILE_STORAGE: "filesystem", FILE_STORAGE_DIR: path.join(notADir, "files"), APP_URL: "", REDIS_URL: "redis://127.0.0.1:1" };
    server = await startServer(env, path.join(dataDir, "server.log"));

    const anon = await fetch(`${server.url}/api/metrics`);
    expect(anon.status).toBe(401);
    expect(anon.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect((await fetch(`${server.url}/api/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    await fetch(`${server.url}/v1/me`);
    await fetch(`${server.url}/v1/consents/ons_doesnotexist`);
    const scrape = await fetch(`${server.url}/api/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(scrape.status).toBe(200);
    // Prometheus text: requests by route and status, job backlog, and no ids in labels.
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    expect(text).toMatch(/eonam_http_request_duration_seconds_count\{route="\/v1\/me",method="GET",status="401"\} \d+/);
    expect(text).toMatch(/eonam_http_request_duration_seconds_count\{route="\/v1\/consents\/:id",method="GET",status="401"\} \d+/);
    expect(text).toMatch(/eonam_job_backlog\{kind="webhook_delivery"\} \d+/);
    expect(text).toMatch(/eonam_job_backlog\{kind="timestamp"\} \d+/);
    expect(text).toContain("eonam_process_resident_memory_bytes");
    expect(text).not.toContain("ons_doesnotexist");

    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
    expect(body.status).toBe("not_ready");
    expect(body.checks.database).toEqual({ ok: true });
    // Said in words of its own: the public answer names no path or host; the log has the details.
    expect(body.checks.storage).toEqual({ ok: false, error: "storage not writable" });
    expect(JSON.stringify(body)).not.toContain(dataDir);
    expect(fs.readFileSync(server.logFile, "utf8")).toMatch(/readiness check failed.*(ENOTDIR|not a directory)|(ENOTDIR|not a directory).*readiness check failed/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // With no APP_URL the first-run banner's links use the port the server listens on.
    const log = fs.readFileSync(server.logFile, "utf8");
    expect(log).toContain(`http://localhost:${server.port}/panel`);
    expect(log).not.toContain("localhost:3000");
  });

  it("refuses OTP codes and panel sign-in while Redis is down (503, Retry-After), other limits counting per process", async () => {
    const base = server!.url;
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, "first-run-credentials.json"), "utf8")) as { api: { key_id: string; secret: string } };
    const created = await fetch(`${base}/v1/consents`, {
      method: "POST",
      headers: { Authorization: basic({ id: saved.api.key_id, secret: saved.api.secret }), "Content-Type": "application/json" },
      body: JSON.stringify({ sablon_kod: "genel-tibbi-mudahale", adsoyad: "Ayşe Yılmaz", telefon: testPhone(), sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } }),
    });
    expect(created.status).toBe(201);
    const otp = await signer(tokenOf((await created.json()) as Consent), "otp", undefined, undefined, base);
    expect(otp.status).toBe(503);
    expect(otp.body).toMatchObject({ code: "service_unavailable", reason: "limits_unavailable" });
    expect(otp.headers.get("retry-after")).toBe("30");
    const signIn = await fetch(`${base}/api/auth/callback/credentials`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "email=admin%40demo.local&password=x" });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get("retry-after")).toBe("30");
  });
});
