// decisions §14, failure paths on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a
// seal key that cannot be used leaves the consent completed with its document unsealed and a
// muhur_basarisiz record; once the key works again the retry seals it, records belge_muhurlendi with
// both digests, takes the detached timestamp again over the new digest, and verify matches both files.
// And the completion sweep as crash recovery: a consent whose document cannot be produced is tried again on a
// schedule and never holds back the consents signed after it (it used to stop every run at its turn).
import { spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signaturePng } from "@/tests/fixtures/png";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("seal", { PDF_WORKERS: "0", TSA_DRIVER: "local", SEAL_DRIVER: "local" });
const dataDir = testDb.dataDir;

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { encryptFieldBytes } = await import("@/lib/consents/encrypted-fields");
const { appendEvent } = await import("@/lib/evidence/append-event");
const { now, setClockOffset, clockOffsetMs } = await import("@/lib/clock");
const { encrypt } = await import("@/lib/encryption");
const { prepareSeal } = await import("@/lib/sealing/get-seal");
const { SEAL_SECRET_NAMES } = await import("@/lib/sealing/local-seal");
const { advanceCompletion } = await import("@/lib/completion/advance-completion");
const { advanceDueCompletions } = await import("@/lib/completion/advance-due-completions");
const { fileStorage } = await import("@/lib/storage/file-storage");
const { verifyDocument } = await import("@/lib/verifier/verify-document");
const { loadEvidence } = await import("@/lib/evidence/load-evidence");
const { metrics } = await import("@/lib/metrics/metrics");

let tenantId: string;
let goodKey: string;

async function signedConsent(signatureImage = encryptFieldBytes(signaturePng()), at = now()): Promise<string> {
  const origin = { actor: "test", ip: "", userAgent: "" };
  const { id } = await createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false }, origin);
  await db().$transaction(async (tx) => {
    await tx.consent.update({ where: { id }, data: { status: "completed", signedAt: at, signatureImage, signerIp: "203.0.113.9", signerUserAgent: "test" } });
    await appendEvent(tx, id, "imzalandi", { actor: "signer", ip: "203.0.113.9", userAgent: "test" }, at, { read: true, understood: true });
  });
  return id;
}

const setSealKey = (value: string) => db().serviceSecret.update({ where: { name: SEAL_SECRET_NAMES.key }, data: { value } });
const consentRow = (id: string) => db().consent.findUniqueOrThrow({ where: { id } });
const events = async (id: string) => (await loadEvidence(id)).records;

function pdfsigOf(bytes: Buffer): string {
  const file = path.join(dataDir, `${randomBytes(4).toString("hex")}.pdf`);
  fs.writeFileSync(file, bytes);
  const r = spawnSync("pdfsig", [file], { encoding: "utf8" });
  return r.stdout + r.stderr;
}

async function eventually<T>(probe: () => Promise<T | null>, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; ; ) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  await prepareDb();
  await prepareSeal();
  const t = await createTenant({ code: "seal-test", name: "Mühür Test Kliniği" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  await createTemplate(tenantId, { kod: "genel", baslik: "Genel onam", kategori: "genel", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
  goodKey = (await db().serviceSecret.findUniqueOrThrow({ where: { name: SEAL_SECRET_NAMES.key } })).value;
});

afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
});

describe("a seal key that cannot be used", () => {
  it.each([
    ["unreadable", () => "bozuk"],
    ["not the certificate's key", () => encrypt(generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString())],
  ])("(%s): the consent completes unsealed, and the retry seals it once the key is repaired", async (_, broken) => {
    const id = await signedConsent();
    await setSealKey(broken());
    const failuresBefore = (await metrics().sealFailures.get()).values[0]?.value ?? 0;
    await advanceCompletion(id);
    expect((await metrics().sealFailures.get()).values[0]?.value).toBe(failuresBefore + 1);

    const unsealed = await consentRow(id);
    expect(unsealed.status).toBe("completed");
    expect(unsealed.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(unsealed.sealLevel).toBeNull();
    expect(unsealed.sealError).toMatch(/Mühür|mühür/);
    const firstPdf = (await fileStorage().get(unsealed.documentKey!))!;
    expect(pdfsigOf(firstPdf)).toContain("does not contain any signatures");
    const failed = (await events(id)).filter((e) => e.event === "muhur_basarisiz");
    expect(failed).toEqual([expect.objectContaining({ actor: "system", data: { error: unsealed.sealError, attempt: 1 } })]);
    expect((await events(id)).find((e) => e.event === "belge_olusturuldu")!.data).toEqual({ sha256: unsealed.documentSha256 });
    expect((await verifyDocument({ id, sha256: unsealed.documentSha256 })).seal).toEqual({ valid: false, signer: null, level: null });

    // Not due before its time; due but still broken: a second failure, scheduled later.
    expect(await advanceDueCompletions()).toBe(0);
    setClockOffset(clockOffsetMs() + 61_000);
    await advanceDueCompletions();
    const again = await consentRow(id);
    expect(again.sealLevel).toBeNull();
    expect(again.sealAttempts).toBe(2);
    expect(again.sealNextAttemptAt!.getTime()).toBeGreaterThan(now().getTime() + 4 * 60_000);

    await setSealKey(goodKey);
    setClockOffset(clockOffsetMs() + 6 * 60_000);
    await advanceDueCompletions();
    const sealed = await consentRow(id);
    expect(sealed.sealLevel).toBe("B-LTA");
    expect(sealed.documentSha256).not.toBe(unsealed.documentSha256);
    expect(sealed.supersededSha256).toBe(unsealed.documentSha256);
    const sealedPdf = (await fileStorage().get(sealed.documentKey!))!;
    expect(pdfsigOf(sealedPdf)).toContain("Signature is Valid");
    expect(await fileStorage().get(unsealed.documentKey!)).toBeNull();
    const record = (await events(id)).find((e) => e.event === "belge_muhurlendi");
    expect(record?.data).toEqual({ sha256: sealed.documentSha256, previous_sha256: unsealed.documentSha256, seal: "B-LTA" });

    // The detached timestamp follows the file served: taken again, over the new digest.
    const stamped = await eventually(async () => {
      const r = await consentRow(id);
      return r.tsStatus === "ok" ? r : null;
    });
    const tsr = path.join(dataDir, `${id}.tsr`);
    fs.writeFileSync(tsr, stamped.tsToken!);
    const ca = path.join(dataDir, "tsa.pem");
    const { getLocalAuthority } = await import("@/lib/timestamping/local-authority");
    fs.writeFileSync(ca, (await getLocalAuthority()).certificateChainPem());
    const v = spawnSync("openssl", ["ts", "-verify", "-digest", sealed.documentSha256!, "-in", tsr, "-CAfile", ca], { encoding: "utf8" });
    expect(v.stdout + v.stderr).toContain("Verification: OK");

    // Verify never lies: the sealed file matches with its seal; a kept copy of the unsealed one still matches.
    expect(await verifyDocument({ id, sha256: sealed.documentSha256 })).toMatchObject({ match: true, seal: { valid: true, level: "B-LTA" } });
    expect((await verifyDocument({ id, sha256: unsealed.documentSha256 })).match).toBe(true);
    expect((await verifyDocument({ id, sha256: "0".repeat(64) })).match).toBe(false);
    expect((await loadEvidence(id)).chain.ok).toBe(true);
  });
});

describe("the completion sweep (advanceDueCompletions) as crash recovery", () => {
  it("produces the others when one document fails, and tries that one again after 1 min, then 5 min", async () => {
    // Signed a minute ago, their documents never stored (the process died); the first, first in the
    // sweep's order, with a stored signature image that cannot be decrypted.
    const aMinuteAgo = () => new Date(now().getTime() - 60_000);
    const broken = await signedConsent(new Uint8Array(Buffer.from("bozuk, şifresi çözülemez")), aMinuteAgo());
    const good = [await signedConsent(undefined, aMinuteAgo()), await signedConsent(undefined, aMinuteAgo())];

    // The failure's time lies within the sweep (seconds on a loaded host): its retry, a minute after it.
    const sweepStarted = now().getTime();
    expect(await advanceDueCompletions()).toBe(3);
    const sweepEnded = now().getTime();
    for (const id of good) expect((await consentRow(id)).documentSha256).toMatch(/^[0-9a-f]{64}$/);
    const failed = await consentRow(broken);
    expect(failed.documentSha256).toBeNull();
    expect(failed.documentAttempts).toBe(1);
    expect(failed.documentNextAttemptAt!.getTime()).toBeGreaterThanOrEqual(sweepStarted + 60_000);
    expect(failed.documentNextAttemptAt!.getTime()).toBeLessThanOrEqual(sweepEnded + 60_000);

    // Not again on the next sweep, only once its time has come.
    expect(await advanceDueCompletions()).toBe(0);
    setClockOffset(clockOffsetMs() + 61_000);
    const retryStarted = now().getTime();
    expect(await advanceDueCompletions()).toBe(1);
    const retryEnded = now().getTime();
    const again = await consentRow(broken);
    expect(again.documentAttempts).toBe(2);
    expect(again.documentNextAttemptAt!.getTime()).toBeGreaterThanOrEqual(retryStarted + 5 * 60_000);
    expect(again.documentNextAttemptAt!.getTime()).toBeLessThanOrEqual(retryEnded + 5 * 60_000);
  });
});
