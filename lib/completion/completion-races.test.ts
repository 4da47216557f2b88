// Issue #46, the races of the completion reproduced against the real functions on a real database
// (PGlite, or PostgreSQL with TEST_DATABASE_URL) with an RFC 3161 TSA over HTTP that answers slowly:
// two manual timestamp retries at once, or the pipeline's attempt and a manual retry, take one token
// and record one zaman_damgasi_alindi; two triggers at once document, stamp and announce once; a
// withdrawal during the first timestamp cycle reaches the receiver after consent.completed, not
// before; a holder whose claim lapsed writes nothing late.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signaturePng } from "@/tests/fixtures/png";
import { useTestDatabase } from "@/tests/test-database";

/** The TSA: down (503) or up, answering after `delay` ms with the service's own local authority. */
const tsa = { up: false, delay: 0, requests: 0, onRequest: undefined as undefined | (() => Promise<void>) };
const tsaServer = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    void (async () => {
      tsa.requests++;
      if (!tsa.up) return void res.writeHead(503).end();
      await tsa.onRequest?.();
      await new Promise((r) => setTimeout(r, tsa.delay));
      const { getLocalAuthority } = await import("@/lib/timestamping/local-authority");
      res.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(await (await getLocalAuthority()).issue(Buffer.concat(chunks)));
    })().catch(() => res.writeHead(500).end());
  });
});
await new Promise<void>((resolve) => tsaServer.listen(0, "127.0.0.1", resolve));
const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "eonam-races-ca-")), "tsa.pem");

const receiver = { events: [] as { event: string; id: string }[] };
const hookServer = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { event: string; data: { id: string } };
    receiver.events.push({ event: body.event, id: body.data.id });
    res.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", resolve));

const testDb = useTestDatabase("races", {
  PDF_WORKERS: "0",
  SEAL_DRIVER: "local",
  TSA_DRIVER: "rfc3161",
  TSA_URL: `http://127.0.0.1:${(tsaServer.address() as AddressInfo).port}/tsa`,
  TSA_CA_FILE: caFile,
  TSA_TIMEOUT: "10s",
  // One attempt per cycle: a TSA that is down leaves the timestamp `failed` at once.
  TSA_RETRY_SCHEDULE: "0",
  WEBHOOK_ALLOW_PRIVATE: "1",
});

const { db, prepareDb, transaction } = await import("@/lib/db");
const { recordDocumentFailure, recordTimestampFailure, claimTimestampAttempt } = await import("@/lib/db/completion");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { encryptFieldBytes } = await import("@/lib/consents/encrypted-fields");
const { recordWithdrawal } = await import("@/lib/consents/withdraw-consent");
const { appendEvent } = await import("@/lib/evidence/append-event");
const { loadEvidence } = await import("@/lib/evidence/load-evidence");
const { now, setClockOffset, clockOffsetMs } = await import("@/lib/clock");
const { env } = await import("@/lib/env");
const { prepareSeal } = await import("@/lib/sealing/get-seal");
const { getLocalAuthority } = await import("@/lib/timestamping/local-authority");
const { setWebhookEndpoint } = await import("@/lib/webhooks/set-webhook-endpoint");
const { deliverDueWebhooks } = await import("@/lib/webhooks/deliver-due-webhooks");
const { advanceCompletion } = await import("@/lib/completion/advance-completion");
const { retryTimestamp } = await import("@/lib/completion/retry-timestamp");
const { stepClaim } = await import("@/lib/completion/retry-schedule");

let tenantId: string;
const origin = { actor: "test", ip: "", userAgent: "" };

async function signedConsent(): Promise<string> {
  const at = now();
  const { id } = await createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false }, origin);
  await db().$transaction(async (tx) => {
    await tx.consent.update({ where: { id }, data: { status: "completed", signedAt: at, signatureImage: encryptFieldBytes(signaturePng()), signerIp: "203.0.113.9", signerUserAgent: "test" } });
    await appendEvent(tx, id, "imzalandi", { actor: "signer", ip: "203.0.113.9", userAgent: "test" }, at, { read: true, understood: true });
  });
  return id;
}

/** A completed consent with its document, whose first timestamp cycle failed (the TSA was down). */
async function documentedWithoutTimestamp(): Promise<string> {
  const id = await signedConsent();
  tsa.up = false;
  await advanceCompletion(id);
  const row = await db().consent.findUniqueOrThrow({ where: { id } });
  expect(row.documentSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(row.tsStatus).toBe("failed");
  return id;
}

const eventsNamed = async (id: string, name: string) => (await loadEvidence(id)).records.filter((r) => r.event === name);

beforeAll(async () => {
  await prepareDb();
  await prepareSeal();
  fs.writeFileSync(caFile, (await getLocalAuthority()).certificateChainPem());
  const t = await createTenant({ code: "races-test", name: "Yarış Test Kliniği" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  await createTemplate(tenantId, { kod: "genel", baslik: "Genel onam", kategori: "genel", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
  await setWebhookEndpoint({ tenantId, url: `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`, events: ["consent.completed", "consent.withdrawn"] });
}, 120_000);

beforeEach(() => {
  Object.assign(tsa, { up: false, delay: 0, requests: 0, onRequest: undefined });
  receiver.events = [];
});

afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
  await new Promise<void>((resolve) => tsaServer.close(() => resolve()));
  await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  fs.rmSync(path.dirname(caFile), { recursive: true, force: true });
});

describe("one token per consent, whichever triggers race", { timeout: 60_000 }, () => {
  it("two manual retries at once: one TSA request, one token, one zaman_damgasi_alindi", async () => {
    const id = await documentedWithoutTimestamp();
    Object.assign(tsa, { up: true, delay: 400, requests: 0 });
    const answers = await Promise.all([retryTimestamp(tenantId, id), retryTimestamp(tenantId, id)]);
    expect(tsa.requests).toBe(1);
    expect(await eventsNamed(id, "zaman_damgasi_alindi")).toHaveLength(1);
    expect(answers.map((a) => a.ok)).toContain(true);
    expect(answers.find((a) => !a.ok)?.message ?? "").toMatch(/sürüyor|^$/);
    expect(await db().consent.findUniqueOrThrow({ where: { id } })).toMatchObject({ tsStatus: "ok", tsAttempts: 2, completionClaim: null });
  });

  it("the pipeline's attempt and a manual retry at once: one token", async () => {
    const id = await documentedWithoutTimestamp();
    // A scheduled attempt comes due (as after a failure with retries left).
    await db().consent.update({ where: { id }, data: { tsStatus: "queued", tsNextAttemptAt: now() } });
    Object.assign(tsa, { up: true, delay: 400, requests: 0 });
    await Promise.all([advanceCompletion(id), retryTimestamp(tenantId, id)]);
    expect(tsa.requests).toBe(1);
    expect(await eventsNamed(id, "zaman_damgasi_alindi")).toHaveLength(1);
    expect((await db().consent.findUniqueOrThrow({ where: { id } })).tsStatus).toBe("ok");
  });

  it("two triggers on a fresh signature: one document, one token, one consent.completed", async () => {
    const id = await signedConsent();
    Object.assign(tsa, { up: true, delay: 200 });
    await Promise.all([advanceCompletion(id), advanceCompletion(id), advanceCompletion(id)]);
    // Whatever a trigger found under another's claim, the next round (the sweep) finishes.
    await advanceCompletion(id);
    expect(await eventsNamed(id, "belge_olusturuldu")).toHaveLength(1);
    expect(await eventsNamed(id, "zaman_damgasi_alindi")).toHaveLength(1);
    expect(await db().webhookDelivery.count({ where: { consentId: id, event: "consent.completed" } })).toBe(1);
  });
});

describe("webhooks of a consent in the order of its events", { timeout: 60_000 }, () => {
  it("a withdrawal during the first timestamp cycle reaches the receiver after consent.completed", async () => {
    const id = await signedConsent();
    let withdrawn = false;
    Object.assign(tsa, {
      up: true,
      delay: 100,
      // The detached timestamp's request (the document is on record by then): the person withdraws meanwhile.
      onRequest: async () => {
        const row = await db().consent.findUniqueOrThrow({ where: { id }, select: { documentSha256: true } });
        if (row.documentSha256 && !withdrawn) withdrawn = (await recordWithdrawal(tenantId, id, "vazgeçtim", origin)) !== null;
      },
    });
    await advanceCompletion(id);
    expect(withdrawn).toBe(true);
    const row = await db().consent.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "withdrawn", tsStatus: "ok" });
    expect(row.completionAnnouncedAt).not.toBeNull();
    const deliveries = await db().webhookDelivery.findMany({ where: { consentId: id }, orderBy: { id: "asc" } });
    expect(deliveries.map((d) => d.event)).toEqual(["consent.completed", "consent.withdrawn"]);
    const received = () => receiver.events.filter((e) => e.id === id).map((e) => e.event);
    for (let i = 0; i < 4 && received().length < 2; i++) await deliverDueWebhooks();
    expect(received()).toEqual(["consent.completed", "consent.withdrawn"]);
  });

  it("a withdrawal after the announcement sends consent.withdrawn itself", async () => {
    const id = await signedConsent();
    Object.assign(tsa, { up: true });
    await advanceCompletion(id);
    expect(await recordWithdrawal(tenantId, id, undefined, origin)).not.toBeNull();
    const deliveries = await db().webhookDelivery.findMany({ where: { consentId: id }, orderBy: { id: "asc" } });
    expect(deliveries.map((d) => d.event)).toEqual(["consent.completed", "consent.withdrawn"]);
  });
});

describe("claims", { timeout: 60_000 }, () => {
  it("outlive the work they cover", () => {
    const at = now();
    const e = env();
    expect(stepClaim("document", at).until.getTime() - at.getTime()).toBeGreaterThan(e.PDF_RENDER_TIMEOUT + e.TSA_TIMEOUT);
    expect(stepClaim("seal", at).until.getTime() - at.getTime()).toBeGreaterThan(e.PDF_RENDER_TIMEOUT + e.TSA_TIMEOUT);
    expect(stepClaim("timestamp", at).until.getTime() - at.getTime()).toBeGreaterThan(e.TSA_TIMEOUT);
  });

  it("a holder whose claim lapsed and was taken over writes nothing late", async () => {
    const id = await documentedWithoutTimestamp();
    await db().consent.update({ where: { id }, data: { tsStatus: "queued", tsNextAttemptAt: now() } });
    const stale = stepClaim("timestamp", now());
    const claimed = await claimTimestampAttempt(id, now(), stale);
    expect(claimed).toBeDefined();
    const offset = clockOffsetMs();
    try {
      // Its lease lapses (the process hung); another trigger takes the step over and records the token.
      setClockOffset(offset + (stale.until.getTime() - now().getTime()) + 1000);
      Object.assign(tsa, { up: true });
      await advanceCompletion(id);
      expect((await db().consent.findUniqueOrThrow({ where: { id } })).tsStatus).toBe("ok");
      // Then the first holder's failure arrives: it changes nothing (it used to set `ok` back to `queued`).
      const late = await transaction(async (tx) => recordTimestampFailure(tx, id, stale.token, claimed!.documentSha256, { attempts: 9, error: "geç kalan hata", next: now() }));
      expect(late).toBe(0);
      expect(await recordDocumentFailure(id, stale.token, 9, now())).toBe(0);
      expect(await db().consent.findUniqueOrThrow({ where: { id } })).toMatchObject({ tsStatus: "ok", tsError: "", tsNextAttemptAt: null, completionClaim: null });
      expect(await eventsNamed(id, "zaman_damgasi_alindi")).toHaveLength(1);
    } finally {
      setClockOffset(offset);
    }
  });
});
