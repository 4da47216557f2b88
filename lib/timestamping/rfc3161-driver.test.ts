// The rfc3161 driver against a real HTTP TSA on 127.0.0.1 (the built-in authority behind node:http).
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthorityMaterial } from "@/lib/timestamping/authority-material";
import { createLocalAuthority } from "@/lib/timestamping/local-authority";
import { createRfc3161Driver, type Rfc3161DriverOptions } from "@/lib/timestamping/rfc3161-driver";
import { TimestampError, type TimestampFailure } from "@/lib/timestamping/tsa-types";

const authority = createLocalAuthority(createAuthorityMaterial());
const digestHex = createHash("sha256").update("onam").digest("hex");
const seen: http.IncomingHttpHeaders[] = [];
let lastReply: Buffer | undefined;

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const server = http.createServer((req, res) => {
  seen.push(req.headers);
  const reply = (status: number, body: string | Buffer = "", type = "text/plain") =>
    res.writeHead(status, { "Content-Type": type }).end(body);
  if (req.url === "/hang") return; // never answers
  if (req.url === "/error") return reply(500, "boom");
  if (req.url === "/html") return reply(200, "<html>not a TSA</html>", "text/html");
  if (req.url === "/redirect") return res.writeHead(302, { Location: "/tsa" }).end();
  if (req.method !== "POST" || req.headers["content-type"] !== "application/timestamp-query") return reply(415);
  if (req.headers.authorization !== `Basic ${Buffer.from("kullanici:parola").toString("base64")}`) return reply(401);
  readBody(req)
    .then((body) => authority.issue(body))
    .then((der) => {
      lastReply = der;
      reply(200, der, "application/timestamp-reply");
    })
    .catch(() => reply(500));
});

let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function driver(overrides: Partial<Rfc3161DriverOptions> = {}) {
  return createRfc3161Driver({
    url: `${base}/tsa`,
    username: "kullanici",
    password: "parola",
    provider: "test",
    providerName: "Test TSA",
    legallyValid: false,
    trustedRoots: authority.rootPem(),
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<{ reason: TimestampFailure; message: string }> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(TimestampError);
  return { reason: (err as TimestampError).reason, message: (err as TimestampError).message };
}

describe("rfc3161 driver", () => {
  it("posts a timestamp query with basic auth and returns the verified token", async () => {
    seen.length = 0;
    const before = Date.now();
    const result = await driver({ extraHeaders: async (body) => ({ identity: `len-${body.length}` }) }).timestamp(digestHex);
    const after = Date.now();
    expect(result.serial).toMatch(/^[0-9a-f]+$/);
    // Issued during the call (genTime may be cut to the whole second): bracketed, not timed, so that a
    // loaded host taking 2 s over it does not fail it.
    expect(result.genTime.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(result.genTime.getTime()).toBeLessThanOrEqual(after);
    const headers = seen[0]!;
    expect(headers["content-type"]).toBe("application/timestamp-query");
    expect(headers.accept).toBe("application/timestamp-reply");
    expect(headers.identity).toMatch(/^len-\d+$/);
    expect(headers.authorization).toBe(`Basic ${Buffer.from("kullanici:parola").toString("base64")}`);
    // The DER kept is the response exactly as received.
    expect(result.der.equals(lastReply!)).toBe(true);
  });

  it("reports refused credentials, a 500 and a redirect as transport failures", async () => {
    expect(await failure(driver({ password: "yanlis" }).timestamp(digestHex))).toEqual({
      reason: "transport",
      message: `Zaman damgası sunucusu (${new URL(base).host}) HTTP 401 ile yanıt verdi.`,
    });
    expect((await failure(driver({ url: `${base}/error` }).timestamp(digestHex))).reason).toBe("transport");
    expect((await failure(driver({ url: `${base}/redirect` }).timestamp(digestHex))).reason).toBe("transport");
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    const r = await failure(driver({ url: `${base}/hang`, timeoutMs: 300 }).timestamp(digestHex));
    expect(r.reason).toBe("transport");
    expect(r.message).toContain("yanıt vermedi");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("reports a server that is down", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await failure(driver({ url: `http://127.0.0.1:${port}/tsa` }).timestamp(digestHex));
    expect(r.reason).toBe("transport");
    expect(r.message).toContain("ECONNREFUSED");
  });

  it("refuses a 200 that is not a TimeStampResp, and a token from an untrusted TSA", async () => {
    expect((await failure(driver({ url: `${base}/html` }).timestamp(digestHex))).reason).toBe("malformed");
    const otherRoot = createLocalAuthority(createAuthorityMaterial()).rootPem();
    expect((await failure(driver({ trustedRoots: otherRoot }).timestamp(digestHex))).reason).toBe("chain");
  });

  it("without configured roots accepts a well-signed token from the configured TSA, and still checks what it covers", async () => {
    // The same token that fails against another root above: without roots, its chain is not asked for.
    const result = await driver({ trustedRoots: null }).timestamp(digestHex);
    expect(result.serial).toMatch(/^[0-9a-f]+$/);
    expect((await failure(driver({ trustedRoots: null, url: `${base}/html` }).timestamp(digestHex))).reason).toBe("malformed");
  });
});
