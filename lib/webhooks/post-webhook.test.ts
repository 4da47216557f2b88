// The connect-time SSRF rules and the transport rules of one webhook POST, against a local server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWebhook } from "@/lib/webhooks/post-webhook";

let server: http.Server;
let port: number;
let hits = 0;
let connections = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === "/redirect") return void res.writeHead(302, { Location: "/ok" }).end();
    if (req.url === "/slow") return; // never answers
    res.writeHead(req.url === "/fail" ? 500 : 200).end("x".repeat(2000));
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A name that "resolves" to the given address, as a rebinding DNS server would answer. */
const resolvesTo = (address: string) => (_host: string, cb: (err: Error | null, a: { address: string; family: number }[]) => void) =>
  cb(null, [{ address, family: address.includes(":") ? 6 : 4 }]);

describe("postWebhook", () => {
  it("refuses a host name resolving to a loopback or metadata address at connect time, sending nothing", async () => {
    const before = hits;
    for (const address of ["127.0.0.1", "169.254.169.254", "10.1.2.3", "::1"]) {
      const r = await postWebhook(`https://hooks.example.com:${port}/ok`, {}, "{}", { allowPrivate: false, resolve: resolvesTo(address) });
      expect(r.ok, address).toBe(false);
      expect(r.statusCode).toBeNull();
      expect(r.error).toMatch(/refused/);
    }
    expect(hits).toBe(before);
  });

  it("refuses private IP literals and plain http unless private targets are allowed", async () => {
    expect((await postWebhook(`https://127.0.0.1:${port}/ok`, {}, "{}", { allowPrivate: false })).error).toMatch(/refused/);
    expect((await postWebhook(`http://93.184.216.34/ok`, {}, "{}", { allowPrivate: false })).error).toMatch(/https/);
  });

  it("connects to the address it checked, and keeps the first bytes of the answer", async () => {
    const r = await postWebhook(`http://receiver.test:${port}/ok`, { "X-A": "1" }, "{}", { allowPrivate: true, resolve: resolvesTo("127.0.0.1") });
    expect(r).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(r.snippet).toHaveLength(512);
  });

  it("reuses a kept-alive connection for the next attempt, and opens new ones only through the checked lookup", async () => {
    const resolve = resolvesTo("127.0.0.1");
    const before = connections;
    for (let i = 0; i < 3; i++) {
      expect(await postWebhook(`http://receiver.test:${port}/ok`, {}, "{}", { allowPrivate: true, resolve })).toMatchObject({ ok: true });
    }
    expect(connections - before).toBe(1);
    // the same name under the strict rule has its own connections, so the lookup refuses it
    const strict = await postWebhook(`https://receiver.test:${port}/ok`, {}, "{}", { allowPrivate: false, resolve });
    expect(strict.error).toMatch(/refused/);
    expect(connections - before).toBe(1);
  });

  it("treats a non-2xx answer, a redirect and a timeout as failures", async () => {
    expect(await postWebhook(`http://127.0.0.1:${port}/fail`, {}, "{}", { allowPrivate: true })).toMatchObject({ ok: false, statusCode: 500 });
    expect(await postWebhook(`http://127.0.0.1:${port}/redirect`, {}, "{}", { allowPrivate: true })).toMatchObject({
      ok: false,
      statusCode: 302,
      error: "redirect not followed",
    });
    const slow = await postWebhook(`http://127.0.0.1:${port}/slow`, {}, "{}", { allowPrivate: true, timeoutMs: 300 });
    expect(slow).toMatchObject({ ok: false, statusCode: null });
    expect(slow.error).toMatch(/timeout/);
    expect(slow.durationMs).toBeGreaterThanOrEqual(290);
  });
});
