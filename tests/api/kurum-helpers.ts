// The kurum purge test's server of its own (tests/api/kurum-purge.test.ts): two tenants, one keeping
// its own records (`kurum`) and one `merkezi`, each with a template, created with the admin CLI before
// the server takes the database; and what the test reads and checks with.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
// A second, independent RFC 8785 implementation: the service itself uses the `canonicalize` package.
import { canonicalize } from "json-canonicalize";
import { expect } from "vitest";
import { call, run, setServerClock, type CallOptions, type CallResult } from "./client";
import { ROOT, ownDatabase, startServer, type RunningServer } from "./server";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import type { Consent, EventsResponse } from "./consent-helpers";

export type Key = { id: string; secret: string };
export type Doc = { sha256: string; pdf_url: string | null; evidence_url: string | null; tsr_url: string | null; verify_url: string };
export type Full = Consent & { document: Doc | null; timestamp: Record<string, unknown>; signed_at: string | null; purged: boolean };
export type Record_ = EventsResponse["data"][number];

export const HOUR = 3_600_000;

// What the kurum consents carry; none of it may survive the purge in any row.
export const SECRETS = {
  name: "Nilüfer Arındırılacak Yıldırımoğlu",
  guardian: "Hüsnü Velisilinecek",
  phoneE164: "+905367654321",
  phoneNational: "5367654321",
  phoneMasked: "+90536*****21",
  tc: "12345678950",
  tcMasked: "123******50",
  birth: "1987-03-14",
  variable: "Özelbilgi-Silinecek-42",
  physician: "Dr. Gizli Hekimoğlu",
  procedure: "Arındırılacak Girişim",
  externalRef: "PROT-KURUM-0042",
  externalPatient: "HASTA-KURUM-77",
  cancelReason: "İptal gerekçesi silinecek",
  rejectReason: "Ret gerekçesi silinecek",
};
// The merkezi control consent: its own values, all of which stay.
export const KEPT = { name: "Merkezi Saklanan Hasta", phone: "0533 111 22 33", phoneMasked: "+90533*****33" };

export const sha256hex = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

/** The chain from the records alone (decisions §6); returns the head, or throws at the first break. */
export function recomputeHead(records: readonly Record_[]): string | null {
  let prev: string | null = null;
  records.forEach((r, i) => {
    const { hash, ...unsigned } = r;
    expect(r.seq).toBe(i + 1);
    expect(r.prev_hash).toBe(prev);
    expect(sha256hex(canonicalize(unsigned))).toBe(hash);
    prev = hash;
  });
  return prev;
}


/** The server, its database, its tenants' keys, and the calls the test makes on it. */
export function kurumRun() {
  const dataDir = path.join(run.dataDir, `kurum-purge-${randomBytes(3).toString("hex")}`);
  const logFile = path.join(dataDir, "server.log");
  const own = ownDatabase(dataDir, "kurum");
  // The polling below reads often; the per-key limit is not what this file tests.
  const env: Record<string, string> = { ...run.env, ...own.env, SMS_DRIVER: "file", RATE_LIMIT_PER_MINUTE: "1000" };
  const keys = {} as { kurum: Key; merkezi: Key };
  const h = {
    dataDir,
    own,
    env,
    keys,
    server: undefined as RunningServer | undefined,

    /** The admin command line on this test's database (before the server holds it). */
    admin(args: string[]): Promise<Record<string, unknown>> {
      const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
      if (!own.env.DATABASE_URL) delete childEnv.DATABASE_URL;
      delete childEnv.PGLITE_DIR;
      return new Promise((resolve, reject) => {
        const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["lib/admin/cli.ts", ...args, "--json"], { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        let err = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
        child.stderr.on("data", (d: Buffer) => (err += d.toString("utf8")));
        child.on("error", reject);
        child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as Record<string, unknown>) : reject(new Error(`admin ${args.join(" ")}: ${err}`))));
      });
    },

    api<T = Record<string, unknown>>(method: string, urlPath: string, key: Key, opts: CallOptions = {}): Promise<CallResult<T>> {
      if (!h.server) throw new Error("no server running");
      return call<T>(method, urlPath, { ...opts, key, baseUrl: h.server.url });
    },

    read: async (c: { id: string }, key: Key = keys.kurum) => (await h.api<Full>("GET", `/v1/consents/${c.id}`, key)).body,

    async events(c: { id: string }): Promise<EventsResponse> {
      const res = await h.api<EventsResponse>("GET", `/v1/consents/${c.id}/events`, keys.kurum);
      expect(res.status, res.text).toBe(200);
      return res.body;
    },

    async create(key: Key, body: Record<string, unknown>, headers?: Record<string, string>): Promise<Full> {
      const res = await h.api<Full>("POST", "/v1/consents", key, { body: { sablon_kod: "kurum-onam", degiskenler: { ozel: SECRETS.variable }, ...body }, headers });
      expect(res.status, res.text).toBe(201);
      return res.body;
    },

    /** Asks for a code, reads it from this server's SMS outbox, verifies it: the session cookie. */
    session: (c: Full): Promise<string> => verifiedSession(tokenOf(c), c.id, { url: h.server!.url, dataDir }),

    async sign(c: Full): Promise<void> {
      const res = await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, await h.session(c), h.server!.url);
      expect(res.status).toBe(200);
    },

    async download(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
    },

    /** Creates the two tenants and their keys, starts the server, publishes each tenant's template. */
    async start(): Promise<void> {
      await h.admin(["tenant", "create", "--code", "kurum-klinik", "--name", "Kurum Saklamalı Klinik", "--storage", "kurum", "--quota", "50"]);
      await h.admin(["tenant", "create", "--code", "merkezi-klinik", "--name", "Merkezi Klinik", "--quota", "50"]);
      const scopes = "onam:yaz,onam:oku,sablon:oku,sablon:yaz";
      keys.kurum = (await h.admin(["key", "create", "--tenant", "kurum-klinik", "--name", "test", "--scopes", scopes])) as Key;
      keys.merkezi = (await h.admin(["key", "create", "--tenant", "merkezi-klinik", "--name", "test", "--scopes", scopes])) as Key;
      h.server = await startServer(env, logFile);
      for (const key of [keys.kurum, keys.merkezi]) {
        const tpl = await h.api("POST", "/v1/templates", key, {
          body: {
            kod: "kurum-onam",
            baslik: "Kurum Onam Formu",
            govde: "<p>{adsoyad} {tc_masked} {dogum_tarih} {hekim} {islem} {ozel}</p>",
            yayimla: true,
            degiskenler: [{ ad: "ozel", tip: "metin", zorunlu: true }],
          },
        });
        expect(tpl.status, tpl.text).toBe(201);
      }
    },

    async stop(): Promise<void> {
      if (h.server) {
        await setServerClock(0, h.server.url, env.APP_SECRET);
        await h.server.stop();
      }
      h.server = undefined;
      await own.drop();
    },
  };
  return h;
}
