// Issue #49, "nothing unchecked is served": a plaintext object planted in the file store (or one left
// from before files were encrypted) and an altered one are refused — 503 with reason
// storage_integrity for the document, never its bytes — and the evidence report, a copy the service
// can make again, is made again rather than served. Runs on a server of its own with
// FILE_STORAGE=filesystem: the planting must not touch the shared run.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, eventually, run } from "./client";
import { testPhone, type Consent } from "./consent-helpers";
import { ownDatabase, startSeededServer, type RunningServer } from "./server";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { decryptBytes, isEncryptedBytes, keyRing } from "@/lib/encryption";

type Completed = Consent & { document: { sha256: string; pdf_url: string; evidence_url: string } | null };

const dataDir = path.join(run.dataDir, "stored-objects");
const filesDir = path.join(dataDir, "files");
const own = ownDatabase(dataDir, "stored");
let server: RunningServer;
let key: { id: string; secret: string };
let c: Completed;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  const env: Record<string, string> = { ...run.env, ...own.env, FILE_STORAGE: "filesystem", FILE_STORAGE_DIR: filesDir };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  ({ server, key } = await startSeededServer(env, path.join(dataDir, "server.log")));
  const created = await call<Completed>("POST", "/v1/consents", {
    key,
    baseUrl: server.url,
    body: { sablon_kod: "genel-tibbi-mudahale", adsoyad: "Deniz Kaya", telefon: testPhone(), sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } },
  });
  expect(created.status, created.text).toBe(201);
  const cookie = await verifiedSession(tokenOf(created.body), created.body.id, { url: server.url, dataDir });
  expect((await signer(tokenOf(created.body), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, server.url)).status).toBe(200);
  c = await eventually(async () => {
    const r = await call<Completed>("GET", `/v1/consents/${created.body.id}`, { key, baseUrl: server.url });
    return r.body.status === "completed" && r.body.document?.pdf_url ? r.body : null;
  }, 60_000);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await own.drop();
}, 60_000);

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get("content-type"), retryAfter: res.headers.get("retry-after"), bytes: Buffer.from(await res.arrayBuffer()) };
};

describe("objects in the file store", { timeout: 180_000 }, () => {
  it("serves the document only as the service wrote it: a plaintext or altered copy is 503 storage_integrity", async () => {
    const folder = path.join(filesDir, "consents", c.id);
    const name = fs.readdirSync(folder).find((f) => /^document-.*\.pdf$/.test(f))!;
    const file = path.join(folder, name);
    const written = fs.readFileSync(file);
    expect(isEncryptedBytes(written)).toBe(true);
    const served = await get(c.document!.pdf_url);
    expect(served.status).toBe(200);
    expect(sha256(served.bytes)).toBe(c.document!.sha256);

    // The very document, as plaintext: its digest is right, but it is not what the service stored.
    fs.writeFileSync(file, served.bytes);
    const plain = await get(c.document!.pdf_url);
    expect(plain.status).toBe(503);
    expect(plain.type).toMatch(/problem\+json/);
    // decisions §2: a 503 carries Retry-After.
    expect(plain.retryAfter).toMatch(/^\d+$/);
    expect(JSON.parse(plain.bytes.toString("utf8"))).toMatchObject({ code: "service_unavailable", reason: "storage_integrity" });

    // The stored ciphertext with one byte changed.
    const altered = Buffer.from(written);
    altered[altered.length - 30]! ^= 1;
    fs.writeFileSync(file, altered);
    const bad = await get(c.document!.pdf_url);
    expect(bad.status).toBe(503);
    expect(JSON.parse(bad.bytes.toString("utf8"))).toMatchObject({ code: "service_unavailable", reason: "storage_integrity" });

    fs.writeFileSync(file, written);
    expect((await get(c.document!.pdf_url)).status).toBe(200);
    const log = fs.readFileSync(path.join(dataDir, "server.log"), "utf8");
    expect(log).toMatch(/stored object refused: not served/);
  });

  it("never serves a planted evidence report: a plaintext or altered one is made again", async () => {
    const first = await get(c.document!.evidence_url);
    expect(first.status).toBe(200);
    const file = path.join(filesDir, "consents", c.id, "evidence-report.pdf");
    const stored = fs.readFileSync(file);
    // The report's own first line (its state and digest), read with the server's key as an insider could.
    const opened = decryptBytes(stored, `consents/${c.id}/evidence-report.pdf`, keyRing(run.env.APP_ENCRYPTION_KEY!));
    const state = opened.subarray(0, opened.indexOf(0x0a)).toString("latin1").split(" ")[0];
    const planted = Buffer.from("%PDF-1.4\n% planted report: every event was fine\n%%EOF\n");
    fs.writeFileSync(file, Buffer.concat([Buffer.from(`${state} ${sha256(planted)}\n`, "latin1"), planted]));
    const again = await get(c.document!.evidence_url);
    expect(again.status).toBe(200);
    expect(again.bytes.includes(Buffer.from("planted"))).toBe(false);
    expect(again.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // Made again and stored encrypted.
    expect(isEncryptedBytes(fs.readFileSync(file))).toBe(true);

    const altered = fs.readFileSync(file);
    altered[altered.length - 30]! ^= 1;
    fs.writeFileSync(file, altered);
    const remade = await get(c.document!.evidence_url);
    expect(remade.status).toBe(200);
    expect(remade.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
