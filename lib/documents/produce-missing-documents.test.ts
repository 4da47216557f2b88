// The crash-recovery sweep on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a
// signed consent whose document cannot be produced is tried again on a schedule and never holds back
// the consents signed after it (it used to stop each run at its turn, every few seconds, forever).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signaturePng } from "@/lib/documents/test-support";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("missing-doc", { PDF_WORKERS: "0", TSA_DRIVER: "none", SEAL_DRIVER: "local" });

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { sealBytes } = await import("@/lib/consents/sealed-fields");
const { appendEvent } = await import("@/lib/evidence/append-event");
const { now, setClockOffset, clockOffsetMs } = await import("@/lib/clock");
const { prepareSeal } = await import("@/lib/sealing/get-seal");
const { produceMissingDocuments } = await import("@/lib/documents/produce-consent-document");

let tenantId: string;

/** A consent signed a minute ago, its document never stored (the process died before it). */
async function signedWithoutDocument(signature: Uint8Array<ArrayBuffer>): Promise<string> {
  const origin = { actor: "test", ip: "", userAgent: "" };
  const { id } = await createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false }, origin);
  const at = new Date(now().getTime() - 60_000);
  await db().$transaction(async (tx) => {
    await tx.consent.update({ where: { id }, data: { status: "completed", signedAt: at, signatureImage: signature, signerIp: "203.0.113.9", signerUserAgent: "test" } });
    await appendEvent(tx, id, "imzalandi", { actor: "signer", ip: "203.0.113.9", userAgent: "test" }, at, { read: true, understood: true });
  });
  return id;
}

const row = (id: string) => db().consent.findUniqueOrThrow({ where: { id }, select: { documentSha256: true, documentAttempts: true, documentNextAttemptAt: true } });

beforeAll(async () => {
  await prepareDb();
  await prepareSeal();
  const t = await createTenant({ code: "missing-doc", name: "Belge Test Kliniği" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  await createTemplate(tenantId, { kod: "genel", baslik: "Genel onam", kategori: "genel", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
}, 60_000);

afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
});

describe("produceMissingDocuments", { timeout: 60_000 }, () => {
  it("produces the others when one document fails, and tries that one again after 1 min, then 5 min", async () => {
    // Signed first, so first in the sweep's order: a stored signature image that cannot be decrypted.
    const broken = await signedWithoutDocument(new Uint8Array(Buffer.from("bozuk, şifresi çözülemez")));
    const good = [await signedWithoutDocument(sealBytes(signaturePng())), await signedWithoutDocument(sealBytes(signaturePng()))];

    expect(await produceMissingDocuments()).toBe(3);
    for (const id of good) expect((await row(id)).documentSha256).toMatch(/^[0-9a-f]{64}$/);
    const failed = await row(broken);
    expect(failed.documentSha256).toBeNull();
    expect(failed.documentAttempts).toBe(1);
    expect(failed.documentNextAttemptAt!.getTime() - now().getTime()).toBeGreaterThan(55_000);

    // Not again on the next sweep, only once its time has come.
    expect(await produceMissingDocuments()).toBe(0);
    setClockOffset(clockOffsetMs() + 61_000);
    expect(await produceMissingDocuments()).toBe(1);
    const again = await row(broken);
    expect(again.documentAttempts).toBe(2);
    expect(again.documentNextAttemptAt!.getTime() - now().getTime()).toBeGreaterThan(4 * 60_000);
  });
});
