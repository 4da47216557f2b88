// decisions §24, archive renewal, on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// a document whose last document time-stamp's certificate expires within ARCHIVE_RENEW_BEFORE gets a
// DSS revision (the time-stamp's chain, a fresh CRL, a /VRI entry keyed by its token) and a new
// document time-stamp that OpenSSL verifies over its byte range; the new file replaces the old under
// a new digest, both digests verify, the detached timestamp follows, and arsiv_zaman_damgasi is in
// the chain. A TSA still signing with the same certificate gains nothing, and the file is left alone.
import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from "pdf-lib";
import { signaturePng } from "@/tests/fixtures/png";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("archive", { PDF_WORKERS: "0", TSA_DRIVER: "local", SEAL_DRIVER: "local", ARCHIVE_RENEW_BEFORE: "4000d" });
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
const { advanceCompletion } = await import("@/lib/completion/advance-completion");
const { advanceDueCompletions } = await import("@/lib/completion/advance-due-completions");
const { fileStorage } = await import("@/lib/storage/file-storage");
const { verifyDocument } = await import("@/lib/verifier/verify-document");
const { loadEvidence } = await import("@/lib/evidence/load-evidence");
const { renewDueArchiveTimestamps } = await import("./renew-due-archive-timestamps");
const { forgetTsaSeen } = await import("./renew-archive-timestamp");
const { lastSignature } = await import("@/lib/sealing/last-signature");
const { vriKey } = await import("@/lib/sealing/add-dss-revision");
const { createCertificate } = await import("@/lib/timestamping/create-certificate");
const { loadOrCreateAuthorityMaterial, SECRET_NAMES } = await import("@/lib/timestamping/load-authority-material");
const { derToPem } = await import("@/lib/timestamping/pem");
const { OID } = await import("@/lib/timestamping/tsa-asn1");
const { pdfSignatures } = await import("@/lib/verifier/pdf-signatures");

let tenantId: string;

async function signedConsent(): Promise<string> {
  const origin = { actor: "test", ip: "", userAgent: "" };
  const { id } = await createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false }, origin);
  const at = now();
  await db().$transaction(async (tx) => {
    await tx.consent.update({ where: { id }, data: { status: "completed", signedAt: at, signatureImage: encryptFieldBytes(signaturePng()), signerIp: "203.0.113.9", signerUserAgent: "test" } });
    await appendEvent(tx, id, "imzalandi", { actor: "signer", ip: "203.0.113.9", userAgent: "test" }, at, { read: true, understood: true });
  });
  return id;
}

const consentRow = (id: string) => db().consent.findUniqueOrThrow({ where: { id } });

async function eventually<T>(probe: () => Promise<T | null>, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; ; ) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error("timed out");
    await advanceDueCompletions();
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The built-in TSA gets a new signing certificate under its root, one year longer-lived, as a TSA rotates its keys. */
async function rotateTsaCertificate(): Promise<void> {
  const material = await loadOrCreateAuthorityMaterial();
  const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const at = now().getTime();
  const cert = createCertificate({
    commonName: "e-Onam Yerel Test Zaman Damgası 2",
    publicKey: keys.publicKey,
    issuerCertDer: material.rootCertDer,
    signingKey: material.rootKey,
    notBefore: new Date(at - 3_600_000),
    notAfter: new Date(at + 11 * 365.25 * 86_400_000),
    ca: false,
    extKeyUsage: { purposes: [OID.kpTimeStamping], critical: true },
  });
  await db().serviceSecret.update({ where: { name: SECRET_NAMES.signerCert }, data: { value: derToPem(cert) } });
  await db().serviceSecret.update({ where: { name: SECRET_NAMES.signerKey }, data: { value: encrypt(keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString()) } });
  (globalThis as { __eonamLocalTsa?: unknown }).__eonamLocalTsa = undefined;
}

beforeAll(async () => {
  await prepareDb();
  await prepareSeal();
  const t = await createTenant({ code: "archive-test", name: "Arşiv Test Kliniği" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  await createTemplate(tenantId, { kod: "genel", baslik: "Genel onam", kategori: "genel", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
});

afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
});

describe("archive renewal", () => {
  it("leaves the file alone while the TSA's certificate is no newer, then renews it with a DSS update and a new document time-stamp", async () => {
    const id = await signedConsent();
    await advanceCompletion(id);
    const first = await eventually(async () => {
      const r = await consentRow(id);
      return r.tsStatus === "ok" ? r : null;
    });
    expect(first.sealLevel).toBe("B-LTA");

    // Read, due (4000 days ahead covers the built-in TSA's ten years), tried: the same certificate
    // would sign the new time-stamp, so nothing is appended and it waits a day.
    forgetTsaSeen();
    await renewDueArchiveTimestamps();
    const read = await consentRow(id);
    expect(read.archiveSha256).toBe(first.documentSha256);
    expect(read.archiveTsNotAfter!.getTime()).toBeGreaterThan(now().getTime() + 3000 * 86_400_000);
    expect(read.documentSha256).toBe(first.documentSha256);
    expect(read.archiveNextAttemptAt!.getTime()).toBeGreaterThan(now().getTime() + 23 * 3_600_000);
    expect((await loadEvidence(id)).records.some((r) => r.event === "arsiv_zaman_damgasi")).toBe(false);

    await rotateTsaCertificate();
    setClockOffset(clockOffsetMs() + 86_400_000 + 60_000);
    expect(await renewDueArchiveTimestamps()).toBeGreaterThanOrEqual(1);
    const renewed = await consentRow(id);
    expect(renewed.documentSha256).not.toBe(first.documentSha256);
    expect(renewed.archiveSha256).toBe(renewed.documentSha256);
    expect(renewed.archiveTsNotAfter!.getTime()).toBeGreaterThan(read.archiveTsNotAfter!.getTime());
    expect(await fileStorage().get(first.documentKey!)).toBeNull();
    // The old file is the new one's prefix: two revisions were appended, the second a document time-stamp.
    const pdf = (await fileStorage().get(renewed.documentKey!))!;
    const sigs = pdfSignatures(pdf);
    expect(sigs.map((s) => s.subFilter)).toEqual(["ETSI.CAdES.detached", "ETSI.RFC3161", "ETSI.RFC3161"]);
    const [, previous, latest] = sigs;
    expect(latest!.coversWholeFile).toBe(true);

    // OpenSSL verifies the new time-stamp over the bytes it covers, with the built-in root.
    const material = await loadOrCreateAuthorityMaterial();
    const files = { token: path.join(dataDir, "renewed.der"), data: path.join(dataDir, "renewed.data"), ca: path.join(dataDir, "root.pem") };
    fs.writeFileSync(files.token, latest!.cms);
    fs.writeFileSync(files.data, latest!.covered);
    fs.writeFileSync(files.ca, derToPem(material.rootCertDer));
    const v = spawnSync("openssl", ["ts", "-verify", "-token_in", "-in", files.token, "-data", files.data, "-CAfile", files.ca], { encoding: "utf8" });
    expect(v.stdout + v.stderr).toContain("Verification: OK");

    // The DSS before it speaks for the previous time-stamp: its VRI entry, keyed by its token, names a CRL.
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const dss = doc.catalog.lookup(PDFName.of("DSS"), PDFDict);
    const vri = dss.lookup(PDFName.of("VRI"), PDFDict);
    const entry = vri.lookup(PDFName.of(vriKey(previous!.cms)), PDFDict);
    const crls = entry.lookup(PDFName.of("CRL"), PDFArray).asArray().map((r) => Buffer.from(decodePDFRawStream(doc.context.lookup(r) as PDFRawStream).decode()));
    expect(crls.length).toBe(1);
    expect(lastSignature(pdf)?.subFilter).toBe("ETSI.RFC3161");

    // The event, in a chain that still recomputes.
    const evidence = await loadEvidence(id);
    const record = evidence.records.find((r) => r.event === "arsiv_zaman_damgasi");
    expect(record).toMatchObject({ actor: "system", data: { time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), serial: expect.stringMatching(/^[0-9a-f]+$/) } });
    expect(evidence.chain.ok).toBe(true);

    // Both files verify; the detached timestamp is taken again over the new digest.
    expect(await verifyDocument({ id, sha256: renewed.documentSha256! })).toMatchObject({ match: true, seal: { valid: true, level: "B-LTA" } });
    expect((await verifyDocument({ id, sha256: first.documentSha256! })).match).toBe(true);
    expect((await verifyDocument({ sha256: first.documentSha256! })).id).toBe(id);
    const stamped = await eventually(async () => {
      const r = await consentRow(id);
      return r.tsStatus === "ok" ? r : null;
    });
    expect(stamped.documentSha256).toBe(renewed.documentSha256);

    // Renewed: not due again for years.
    expect(await renewDueArchiveTimestamps()).toBe(0);
    expect((await consentRow(id)).documentSha256).toBe(renewed.documentSha256);
  });
});
