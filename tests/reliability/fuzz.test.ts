// 10 000 malformed /v1 requests (fast-check): random methods, paths, headers, credentials, content
// types and bodies. Whatever comes in, the answer is never a 5xx, and every error is problem+json
// with a `code` (decisions §2).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic } from "../api/client";
import { demoConsent, ownServer, type OwnServer } from "./harness";

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const BATCH = 16;

let s: OwnServer;
let consentId = "ons_000000_aaaaaaaaaaaa";

beforeAll(async () => {
  s = await ownServer("fuzz");
  const c = await s.api<{ id: string }>("POST", "/v1/consents", demoConsent());
  expect(c.status).toBe(201);
  consentId = c.body.id;
}, 180_000);

afterAll(async () => {
  await s?.close();
}, 60_000);

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer> | undefined;
}

const ascii = (max: number) => fc.string({ unit: fc.constantFrom(..." !#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[]^_`abcxyz{|}~\"\\"), maxLength: max });
const segment = fc.oneof(
  // No "." or ".." segments: fetch resolves them, and the request would leave /v1.
  fc.constantFrom("ons_261122_abcdefghijkl", "genel-tibbi-mudahale", "%00", "a%00b", "%C0%80", "%2F", "%zz", "null", "-1", "9".repeat(400), "ğüşİıö", "🙂"),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: "grapheme", maxLength: 10 }).map(encodeURIComponent),
);
const query = fc.oneof(
  fc.constant(""),
  fc.constantFrom("?limit=0", "?limit=201", "?limit=1e999", "?offset=-1", "?offset=99999999999999999999", "?from=2026-02-30", "?to=x&from=y", "?status=bogus", "?tc=%FF", "?limit=50&limit=1"),
  fc.dictionary(fc.constantFrom("status", "limit", "offset", "from", "to", "tc", "external_ref", "x"), fc.string({ maxLength: 20 })).map(
    (d) => `?${new URLSearchParams(d).toString()}`,
  ),
);
const consentIdRef = "\u0000consent";
const path = fc.oneof(
  fc.constantFrom("/v1/me", "/v1/templates", "/v1/consents", "/v1/consent/create", "/v1/verify", "/v1/templates/genel-tibbi-mudahale"),
  fc.constantFrom("consents/{id}", "consents/{id}/events", "consents/{id}/resend", "consents/{id}/cancel", "consents/{id}/timestamp", "templates/{id}").chain((t) =>
    fc.oneof(fc.constant(consentIdRef), segment).map((id) => `/v1/${t.replace("{id}", id === consentIdRef ? consentId : id)}`),
  ),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((segs) => `/v1/${segs.join("/")}`),
);
const jsonValue = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.constantFrom("1e999", "-1e999", "123456789012345678901234567890", "[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]", '"\\ud800"', "{\"__proto__\":{\"x\":1}}", "null", "true", "{}", "[]"),
  fc
    .record(
      {
        sablon_kod: fc.anything(),
        adsoyad: fc.oneof(fc.string(), fc.anything()),
        telefon: fc.oneof(fc.constantFrom("0532 123 45 67", "+905321234567", "0", "١٢٣"), fc.anything()),
        tc: fc.oneof(fc.constantFrom("10000000146", "00000000000"), fc.anything()),
        dogum_tarih: fc.oneof(fc.constantFrom("2020-02-30", "9999-99-99"), fc.anything()),
        gecerlilik_saat: fc.oneof(fc.double(), fc.integer(), fc.bigInt().map(String), fc.anything()),
        sms_gonder: fc.anything(),
        onaylayan_tip: fc.anything(),
        degiskenler: fc.anything(),
        kod: fc.anything(),
        baslik: fc.anything(),
        govde: fc.oneof(fc.string(), fc.constant("<script>alert(1)</script>"), fc.anything()),
        degiskenler_list: fc.anything(),
        id: fc.anything(),
        sha256: fc.oneof(fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 }), fc.anything()),
        reason: fc.anything(),
        yayimla: fc.anything(),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString("latin1")),
  // Deep nesting, small in bytes: it overflowed the stack of recursive body checks (a 500 before).
  fc.tuple(fc.integer({ min: 60, max: 20_000 }), fc.boolean()).map(([n, arrays]) =>
    arrays ? `{"id":${"[".repeat(n)}${"]".repeat(n)}}` : `${'{"a":'.repeat(n)}1${"}".repeat(n)}`,
  ),
  // Bytes that are not UTF-8 (fetch would encode a string as UTF-8, so these go as bytes).
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, ...b, 0x22, 0x7d])),
);

const request: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom("GET", "POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
    path: fc.tuple(path, query).map(([p, q]) => p + q),
    auth: fc.constantFrom("valid", "valid", "valid", "none", "wrong-secret", "garbage", "bearer", "unicode-user", "empty-basic"),
    contentType: fc.constantFrom("application/json", "application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", "", "APPLICATION/JSON"),
    body: fc.option(jsonValue, { nil: undefined }),
    idem: fc.option(ascii(300), { nil: undefined }),
    extra: fc.dictionary(fc.constantFrom("x-request-id", "accept", "x-forwarded-for", "accept-language", "user-agent"), ascii(80), { maxKeys: 3 }),
  })
  .map(({ method, path, auth, contentType, body, idem, extra }) => {
    const headers: Record<string, string> = { ...extra };
    if (auth === "valid") headers.authorization = basic(s.key);
    if (auth === "wrong-secret") headers.authorization = basic({ id: s.key.id, secret: "sk_wrong" });
    if (auth === "garbage") headers.authorization = "Basic !!!not-base64";
    if (auth === "bearer") headers.authorization = `Bearer ${s.key.secret}`;
    if (auth === "unicode-user") headers.authorization = `Basic ${Buffer.from("ğüş:\u0000:x").toString("base64")}`;
    if (auth === "empty-basic") headers.authorization = "Basic ";
    if (contentType) headers["content-type"] = contentType;
    if (idem !== undefined) headers["idempotency-key"] = idem;
    return { method, path, headers, body: method === "GET" ? undefined : body };
  });

async function send(r: FuzzRequest): Promise<string | null> {
  const res = await fetch(`${s.server.url}${r.path}`, { method: r.method, headers: r.headers, body: r.body, redirect: "manual" });
  const text = await res.text();
  const shown = typeof r.body === "string" ? r.body : r.body && Buffer.from(r.body).toString("hex");
  const where = `${r.method} ${r.path} ${JSON.stringify(r.headers)} ${JSON.stringify(shown)?.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
  if (res.status >= 500) return `5xx: ${where}`;
  // fetch resolves dot segments (`/v1/../x` is `/x`): only what still reaches /v1 must be problem+json.
  const reached = new URL(`${s.server.url}${r.path}`).pathname;
  if (res.status >= 400 && (reached === "/v1" || reached.startsWith("/v1/"))) {
    if (!/^application\/problem\+json/.test(res.headers.get("content-type") ?? "")) return `not problem+json: ${where}`;
    let body: { code?: unknown; status?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return `unparsable problem: ${where}`;
    }
    if (typeof body.code !== "string" || body.status !== res.status) return `problem without code/status: ${where}`;
  }
  return null;
}

describe("fuzz", () => {
  it(`${RUNS} malformed requests: no 5xx, every error problem+json with a code`, { timeout: 600_000 }, async () => {
    const samples = fc.sample(request, { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) });
    const failures: string[] = [];
    for (let i = 0; i < samples.length; i += BATCH) {
      const out = await Promise.all(samples.slice(i, i + BATCH).map(send));
      for (const f of out) if (f) failures.push(f);
    }
    expect([...new Set(failures.map((f) => f.slice(0, 400)))].slice(0, 15)).toEqual([]);
  });
});
