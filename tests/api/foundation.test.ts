// The /v1 wrapper end to end: authentication, /v1/me, headers, rate limit, 404/405, the database lock.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem, keys, run } from "./client";
import { consentBody, createConsent, createTestTemplate } from "./consent-helpers";
import { ROOT } from "./server";

describe("authentication", () => {
  // GET /v1/consents/{id} reads the consent in the key lookup's round trip: refused all the same.
  let consentPath = "";
  beforeAll(async () => {
    consentPath = `/v1/consents/${(await createConsent(consentBody(await createTestTemplate()))).id}`;
  });

  it.each([
    ["no credentials", {}],
    ["a malformed header", { headers: { Authorization: "Bearer abc" } }],
    ["basic without a colon", { headers: { Authorization: `Basic ${Buffer.from("nocolon").toString("base64")}` } }],
    ["an unknown key id", { key: { id: "ak_doesnotexist000000", secret: keys.all.secret } }],
    ["a wrong secret", { key: { id: keys.all.id, secret: `${keys.all.secret}x` } }],
    ["a revoked key", { key: keys.revoked }],
  ])("refuses %s with 401 problem+json", async (_name, opts) => {
    for (const address of ["/v1/me", consentPath]) {
      const res = await call("GET", address, { key: null, ...opts });
      expectProblem(res, 401, "unauthorized");
      expect(res.headers.get("www-authenticate")).toBe('Basic realm="api"');
    }
  });

  it("answers an id holding U+0000 (which the joined read skips) with 401 for a wrong secret and 404 for the key", async () => {
    expectProblem(await call("GET", "/v1/consents/ons_x%00y", { key: { id: keys.all.id, secret: `${keys.all.secret}x` } }), 401, "unauthorized");
    expectProblem(await call("GET", "/v1/consents/ons_x%00y"), 404, "not_found");
  });

  it("refuses a key of the consent's own tenant without onam:oku with 403, the consent unread", async () => {
    const res = await call("GET", consentPath, { key: keys.onam_yaz });
    expectProblem(res, 403, "forbidden_scope");
    expect(res.text).not.toContain(consentPath.split("/").at(-1));
  });
});

describe("GET /v1/me", () => {
  it("returns every field of the spec's table", async () => {
    const res = await call("GET", "/v1/me", { key: keys.onam_oku });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      tenant: { code: "acme", name: "Acme Diş Kliniği", type: "klinik", storage: "merkezi" },
      key: { id: keys.onam_oku.id, name: "test onam_oku", scopes: ["onam:oku"] },
      quota: { remaining: expect.any(Number), unlimited: false, license_ends: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      timestamping: {
        driver: "local",
        provider: expect.any(String),
        provider_name: expect.any(String),
        legally_valid: false,
        warning: expect.stringMatching(/yasal/),
      },
      // decisions §14
      sealing: { driver: "local", subject: "CN=e-Onam Yerel Test Mührü, O=e-Onam, C=TR", legally_valid: false, warning: expect.stringMatching(/yasal/) },
    });
  });

  it("reports the quota and licence of the key's tenant", async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const res = await call<{ quota: { license_ends: string } }>("GET", "/v1/me", { key: keys.lapsed });
    // Seeded as "yesterday" when the run started: a run that crossed midnight (UTC) sees the day before.
    expect(res.body.quota).toEqual({ remaining: 50, unlimited: false, license_ends: expect.any(String) });
    expect([daysAgo(1), daysAgo(2)]).toContain(res.body.quota.license_ends);
  });

  it("answers the other tenant's key with that tenant", async () => {
    const res = await call<{ tenant: { code: string } }>("GET", "/v1/me", { key: keys.other });
    expect(res.body.tenant.code).toBe("other");
  });

  it("carries X-Request-Id and RateLimit headers, and echoes a sane incoming request id", async () => {
    const res = await call("GET", "/v1/me", { headers: { "X-Request-Id": "trace-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
    expect(res.headers.get("ratelimit-limit")).toBe("120");
    expect(Number(res.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
    expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    const generated = await call("GET", "/v1/me", { headers: { "X-Request-Id": "bad id with spaces" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets no cache keep an answer about a tenant's data (only the public documents are cacheable), and no browser sniff its type", async () => {
    for (const [method, p, key] of [
      ["GET", "/v1/me", keys.all],
      ["GET", "/v1/consents", keys.all],
      ["GET", "/v1/consents/ons_000000_unknown00000", keys.all],
      ["GET", "/v1/me", null],
      ["POST", "/api/public/verify", null],
    ] as const) {
      const res = await call(method, p, { key, body: method === "POST" ? { id: "ons_000000_unknown00000", sha256: "0".repeat(64) } : undefined });
      expect(res.headers.get("cache-control"), `${method} ${p} ${res.status}`).toBe("no-store");
      expect(res.headers.get("x-content-type-options"), `${method} ${p}`).toBe("nosniff");
    }
    expect((await call("GET", "/v1/openapi.json", { key: null })).headers.get("cache-control")).toBe("public, max-age=300");
    expect((await fetch(`${run.url}/seal/certificate.pem`)).headers.get("cache-control")).toBe("public, max-age=3600");
  });
});

describe("errors for unknown paths and methods", () => {
  it("answers 405 problem+json with Allow for a method the endpoint lacks", async () => {
    const res = await call("DELETE", "/v1/me");
    expectProblem(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET");
    expect(res.headers.get("ratelimit-limit")).toBe("120");
  });

  it("answers 404 problem+json for an unknown /v1 path", async () => {
    expectProblem(await call("GET", "/v1/nothing/here"), 404, "not_found");
    expectProblem(await call("POST", "/v1/nothing", { body: {} }), 404, "not_found");
  });

  it("still asks for credentials on an unknown path", async () => {
    expectProblem(await call("GET", "/v1/nothing", { key: null }), 401, "unauthorized");
  });

  it("answers OPTIONS with the methods the address really supports, after authentication", async () => {
    const res = await call("OPTIONS", "/v1/consents");
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("ratelimit-limit")).toBe("120");
    expect((await call("OPTIONS", "/v1/templates/genel")).headers.get("allow")).toBe("GET, PUT");
    expectProblem(await call("OPTIONS", "/v1/consents", { key: null }), 401, "unauthorized");
    expectProblem(await call("OPTIONS", "/v1/nothing"), 404, "not_found");
  });
});

describe("the answers given without credentials", () => {
  const limited = (res: { headers: Headers }) => {
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("ratelimit-limit")).toBe("120");
    expect(Number(res.headers.get("ratelimit-remaining"))).toBeLessThan(120);
    expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  };

  it("carry X-Request-Id and RateLimit headers like every /v1 response", async () => {
    const doc = await call("GET", "/v1/openapi.json", { key: null, headers: { "X-Request-Id": "doc-1" } });
    expect(doc.status).toBe(200);
    expect(doc.headers.get("x-request-id")).toBe("doc-1");
    limited(doc);
    const post = await call("POST", "/v1/openapi.json", { key: null, body: {} });
    expectProblem(post, 405, "method_not_allowed");
    expect(post.headers.get("allow")).toBe("GET");
    limited(post);
    const options = await call("OPTIONS", "/v1/openapi.json", { key: null });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET");
    limited(options);
    // Broken percent-encoding is answered before routing, by the proxy.
    const malformed = await call("GET", "/v1/consents/%E0%A4%A", { key: null });
    expectProblem(malformed, 404, "not_found");
    limited(malformed);
  });

  it("answer a page address whose percent-encoding does not decode with the 404 page, not the router's 500", async () => {
    // A signing link's JSON steps skip the proxy only for a well-formed token (proxy.ts's matcher):
    // a broken one in their place still gets the 404 page.
    for (const page of ["/dogrula/%ff%fe", "/s/%ff", "/panel/consents/%ff", "/panel/templates/%E0%A4%A", "/s/%E0%A4%A/sign", "/s/abc%/document/status"]) {
      const res = await fetch(`${run.url}${page}`, { redirect: "manual" });
      expect(res.status, page).toBe(404);
      expect(res.headers.get("content-type"), page).toMatch(/^text\/html/);
      expect(res.headers.get("content-security-policy"), page).toContain("frame-ancestors 'none'");
      expect(await res.text(), page).toContain("Sayfa bulunamadı");
    }
  });

  it("keeps the page headers on a signing link's downloads, whose address holds the token, and not on its JSON steps", async () => {
    const link = `${run.url}/s/${"u".repeat(40)}`;
    for (const download of ["document", "receipt", "audio"]) {
      const res = await fetch(`${link}/${download}`);
      await res.arrayBuffer();
      expect(res.headers.get("referrer-policy"), download).toBe("no-referrer");
    }
    // The steps no browser navigates to skip the proxy (proxy.ts's matcher).
    const step = await fetch(`${link}/sign`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    await step.arrayBuffer();
    expect(step.headers.get("content-security-policy")).toBeNull();
  });
});

describe("rate limit", () => {
  it("allows 120 requests a minute per key and answers the 121st with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await call("GET", "/v1/me", { key: keys.ratelimit })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const res = await call("GET", "/v1/me", { key: keys.ratelimit });
    expectProblem(res, 429, "rate_limited");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers.get("ratelimit-remaining")).toBe("0");
    // another key of the same tenant is unaffected
    expect((await call("GET", "/v1/me", { key: keys.onam_oku })).status).toBe(200);
  });
});

describe("a second process beside the running server", () => {
  const migrateCli = () =>
    spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "lib/db/migrate-cli.ts"], {
      cwd: ROOT,
      env: { ...process.env, ...run.env, NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 60_000,
    });

  // PGlite must refuse a second process (two on one directory corrupt it); PostgreSQL is shared.
  it("is refused clearly on the embedded database, and shares PostgreSQL", () => {
    const r = migrateCli();
    if (run.driver === "pglite") {
      expect(r.status).toBe(3);
      expect(r.stderr).toMatch(/in use by process \d+/);
    } else {
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/up to date/);
    }
  });
});
