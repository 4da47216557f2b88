// The withdrawal receipt (issue #51, decisions §18) on a server of its own: a withdrawal through the API
// or through the signing link is followed, off the request, by a sealed "Geri Çekme Tutanağı" — a PDF
// that pdfsig reports valid like the other documents, whose text names the consent, the person, the
// times, who withdrew and the original's SHA-256 — recorded as geri_alma_tutanagi with its digest and
// served at withdrawal_receipt.pdf_url and to the person on the link; the original stays byte-identical
// and still verifies, reporting `withdrawn`.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, run, setServerClock } from "./client";
import type { Consent, EventsResponse } from "./consent-helpers";
import { ownDatabase, startSeededServer, type RunningServer } from "./server";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { DOC_TIMESTAMP_IN_PDFSIG, pdfsig, pdfsigEntries } from "./pdf-seal";
import { eOnamVerify } from "./log-helpers";

const dataDir = path.join(run.dataDir, "withdrawal-receipt");
const own = ownDatabase(dataDir, "wreceipt");
const logFile = path.join(dataDir, "server.log");
let server: RunningServer;
let key: { id: string; secret: string };
let env: Record<string, string>;
let phones = 0;

type Receipt = { sha256: string; pdf_url: string | null };
type Signed = Consent & {
  document: { sha256: string; pdf_url: string };
  timestamp: { status: string };
  signed_at: string;
  withdrawn_at: string | null;
  withdrawal_receipt: Receipt | null;
};
const api = <T = Record<string, unknown>>(method: string, p: string, body?: unknown) => call<T>(method, p, { key, body, baseUrl: server.url });
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function download(url: string, cookie?: string): Promise<Buffer> {
  const res = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

function pdfText(pdf: Buffer, name: string): string {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

async function signed(): Promise<Signed & { cookie: string }> {
  const telefon = `0533 ${String(3_000_000 + phones++).replace(/^(\d{3})(\d{2})(\d{2})$/, "$1 $2 $3")}`;
  const res = await api<Consent>("POST", "/v1/consents", { sablon_kod: "genel-tibbi-mudahale", adsoyad: "Deniz Kaya", telefon, sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = tokenOf(res.body);
  const cookie = await verifiedSession(token, res.body.id, { url: server.url, dataDir });
  expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, server.url)).status).toBe(200);
  const done = await eventually(async () => {
    const got = await api<Signed>("GET", `/v1/consents/${res.body.id}`);
    return got.body.document && got.body.timestamp.status !== "queued" ? got.body : null;
  }, DOCUMENT_WAIT_MS);
  return { ...done, cookie };
}

/** The consent once its receipt is on record. */
const withReceipt = (id: string) =>
  eventually(async () => {
    const got = await api<Signed>("GET", `/v1/consents/${id}`);
    return got.body.withdrawal_receipt ? (got.body as Signed & { withdrawal_receipt: Receipt }) : null;
  }, DOCUMENT_WAIT_MS);

type VerifyAnswer = { match: boolean; kind: string | null; id: string; status: string; signed_at: string | null; institution: { name: string }; timestamp: unknown; seal: { valid: boolean; signer: string | null; level: string | null }; signatures: { role: string; valid: boolean; trusted: boolean }[]; log?: unknown };
const flip = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith("0") ? "1" : "0"}`;

async function publicVerify(body: unknown): Promise<{ status: number; body: VerifyAnswer }> {
  const res = await fetch(`${server.url}/api/public/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as VerifyAnswer };
}

/**
 * issue #51: the receipt verifies wherever the document does — POST /v1/verify and POST
 * /api/public/verify by { id, sha256 } and by the file's digest alone — with the document's answer
 * (status, institution, signed_at, timestamp), `kind: "withdrawal_receipt"`, and the receipt's own
 * seal and signatures judged by the one verifier; `npx e-onam-verify --key` finds the file VALID.
 */
async function receiptVerifies(c: Signed, receiptSha: string, receipt: Buffer) {
  const asDocument = (await api<VerifyAnswer>("POST", "/v1/verify", { id: c.id, sha256: c.document.sha256 })).body;
  const byId = await api<VerifyAnswer>("POST", "/v1/verify", { id: c.id, sha256: receiptSha });
  expect(byId.status, JSON.stringify(byId.body)).toBe(200);
  const { kind: _k, seal: _s, signatures: _g, ...common } = asDocument;
  expect(byId.body).toMatchObject({ ...common, match: true, kind: "withdrawal_receipt", status: "withdrawn", id: c.id });
  expect(byId.body.seal).toEqual({ valid: true, signer: "e-Onam Yerel Test Mührü", level: expect.stringMatching(/^B-(LT|LTA)$/) });
  expect(byId.body.signatures.map((g) => [g.role, g.valid, g.trusted])).toEqual([["seal", true, true], ["timestamp", true, true], ["document-timestamp", true, true]]);
  // By the file: the digest alone finds the consent, the same answer.
  const byFile = await api<VerifyAnswer>("POST", "/v1/verify", { sha256: sha(receipt).toUpperCase() });
  expect(byFile.body).toEqual(byId.body);
  // The public page's check: the same answer, and the consent's place in the log.
  for (const body of [{ id: c.id, sha256: receiptSha }, { sha256: receiptSha }]) {
    const pub = await publicVerify(body);
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({ ...byId.body, log: expect.objectContaining({ leaf_index: expect.any(Number) }) });
  }
  // A copy changed by one byte matches nothing, and says nothing of the recorded digests.
  const changed = await api<VerifyAnswer>("POST", "/v1/verify", { id: c.id, sha256: flip(receiptSha) });
  expect(changed.body).toMatchObject({ match: false, kind: null, status: "withdrawn" });
  expect(JSON.stringify(changed.body)).not.toContain(receiptSha);
  expect((await api("POST", "/v1/verify", { sha256: flip(receiptSha) })).status).toBe(404);
  expect((await publicVerify({ sha256: flip(receiptSha) })).status).toBe(404);
  // The same file offline: kanit.json embedded, the seal pinned by the log's key alone (decisions §24).
  const file = path.join(dataDir, `${c.id}-receipt-verify.pdf`);
  fs.writeFileSync(file, receipt);
  fs.writeFileSync(path.join(dataDir, "log.key"), await (await fetch(`${server.url}/log/key`)).text());
  const offline = eOnamVerify([file, "--key", path.join(dataDir, "log.key")]);
  expect(offline.out.trim().split("\n").at(-1), offline.out).toBe("VALID");
  expect(offline.status).toBe(0);
}

/** "2026-11-28 17:05:09" → "28.11.2026 17:05 (GMT+03:00)", as people read it (decisions §25). */
const printed = (s: string) => s.replace(/^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):\d\d$/, "$3.$2.$1 $4:$5 (GMT+03:00)");

beforeAll(async () => {
  env = { ...run.env, ...own.env, TSA_RETRY_SCHEDULE: "0" };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  ({ server, key } = await startSeededServer(env, logFile));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await own.drop();
}, 60_000);

describe("the withdrawal receipt", { timeout: 240_000 }, () => {
  it("after POST …/withdraw: a sealed Geri Çekme Tutanağı at withdrawal_receipt.pdf_url, recorded in the evidence; the original unchanged and still verifying", async () => {
    const c = await signed();
    expect(c.withdrawal_receipt).toBeNull();
    const original = await download(c.document.pdf_url);
    expect(sha(original)).toBe(c.document.sha256);

    const res = await api<Signed>("POST", `/v1/consents/${c.id}/withdraw`, { reason: "Hasta tedaviden vazgeçti" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await withReceipt(c.id);
    expect(after.status).toBe("withdrawn");
    expect(after.withdrawal_receipt.pdf_url).toMatch(new RegExp(`/d/${c.id}/receipt\\?exp=\\d+&sig=`));
    expect(after.withdrawal_receipt.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(after.withdrawal_receipt.sha256).not.toBe(c.document.sha256);

    const receipt = await download(after.withdrawal_receipt.pdf_url!);
    expect(receipt.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(sha(receipt)).toBe(after.withdrawal_receipt.sha256);
    const text = pdfText(receipt, `${c.id}-receipt.pdf`);
    for (const s of ["Geri Çekme Tutanağı", c.id, "Deniz Kaya", "Hasta tedaviden vazgeçti", c.document.sha256, "API anahtarı", printed(c.signed_at), printed(after.withdrawn_at!), `/dogrula/${c.id}`]) {
      expect(text, s).toContain(s);
    }
    // Sealed like every document of the service (decisions §14, §20): the seal, then the document time-stamp.
    const report = pdfsig(path.join(dataDir, `${c.id}-receipt.pdf`));
    const [seal, stamp] = pdfsigEntries(report);
    expect(pdfsigEntries(report), report).toHaveLength(2);
    expect(seal).toContain("Signature Type: ETSI.CAdES.detached");
    expect(seal).toContain("Signer Certificate Common Name: e-Onam Yerel Test Mührü");
    expect(seal).toContain("Signature Validation: Signature is Valid.");
    expect(stamp).toMatch(DOC_TIMESTAMP_IN_PDFSIG);

    // Bound into the evidence: geri_alma_tutanagi with the receipt's digest, the chain intact.
    const events = (await api<EventsResponse>("GET", `/v1/consents/${c.id}/events`)).body;
    expect(events.chain.ok).toBe(true);
    const names = events.data.map((e) => e.event);
    expect(names.indexOf("geri_alma_tutanagi")).toBeGreaterThan(names.indexOf("geri_alindi"));
    expect(events.data.find((e) => e.event === "geri_alma_tutanagi")).toMatchObject({ actor: "system", data: { sha256: after.withdrawal_receipt.sha256 } });

    // The original: byte-identical, still matching, reporting the withdrawal (decisions §18).
    expect(after.document.sha256).toBe(c.document.sha256);
    expect(Buffer.compare(await download(after.document.pdf_url), original)).toBe(0);
    const verify = await api<{ match: boolean; status: string }>("POST", "/v1/verify", { id: c.id, sha256: c.document.sha256 });
    expect(verify.body).toMatchObject({ match: true, kind: "document", status: "withdrawn" });
    await receiptVerifies(c, after.withdrawal_receipt.sha256, receipt);
  });

  it("after a withdrawal through the signing link: the receipt names the person, and the link hands it out beside the copy", async () => {
    const c = await signed();
    const token = tokenOf(c);
    await setServerClock(61_000, server.url, env.APP_SECRET);
    try {
      const cookie = await verifiedSession(token, c.id, { url: server.url, dataDir });
      const res = await signer(token, "withdraw", {}, cookie, server.url);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const after = await withReceipt(c.id);
      const status = await fetch(`${server.url}/s/${token}/receipt/status`, { headers: { Cookie: cookie } });
      expect(await status.json()).toEqual({ ready: true });
      const fromLink = await download(`${server.url}/s/${token}/receipt`, cookie);
      expect(sha(fromLink)).toBe(after.withdrawal_receipt.sha256);
      // It verifies as this consent's receipt, and never under another consent's number.
      expect((await publicVerify({ sha256: sha(fromLink) })).body).toMatchObject({ match: true, kind: "withdrawal_receipt", id: c.id });
      const other = await signed();
      expect((await api<VerifyAnswer>("POST", "/v1/verify", { id: other.id, sha256: sha(fromLink) })).body).toMatchObject({ match: false, kind: null, id: other.id, status: "completed" });
      const text = pdfText(fromLink, `${c.id}-receipt.pdf`);
      expect(text).toContain("Kişinin kendisi, imza bağlantısı üzerinden");
      expect(text).toContain("Belirtilmedi");
      // The download is recorded like the copy's, with the receipt's digest.
      const events = (await api<EventsResponse>("GET", `/v1/consents/${c.id}/events`)).body;
      expect(events.data.at(-1)).toMatchObject({ event: "kopya_indirildi", actor: "signer", data: { sha256: after.withdrawal_receipt.sha256, belge: "geri_alma_tutanagi" } });
      // Without a verified session: nothing.
      expect((await fetch(`${server.url}/s/${token}/receipt`)).status).toBe(401);
      // The original copy is still the same bytes.
      expect(sha(await download(`${server.url}/s/${token}/document`, cookie))).toBe(c.document.sha256);
    } finally {
      await setServerClock(0, server.url, env.APP_SECRET);
    }
  });
});
