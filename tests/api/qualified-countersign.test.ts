// The physician's qualified countersignature through the API (decisions §24, issue #48), on the shared
// server: a real test PKI (openssl: root → intermediate → physician certificates with nonRepudiation
// and an OCSP address, a real `openssl ocsp` responder on 127.0.0.1), the two steps (prepare, then
// the value signed with the physician's key by node:crypto, as a card would sign signed_attributes),
// every refusal naming its field, and the document judged by pdfsig with the test root trusted: the
// physician's signature valid and trusted, then the seal, then the document time-stamp.
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, expectProblem, run, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf, type Consent } from "./consent-helpers";
import { pdfsig, pdfsigEntries, trustStore } from "./pdf-seal";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { createTestPki, type PkiCertificate, type TestPki } from "@/tests/pki";
import { pdfPages, squash } from "@/tests/fixtures/pdf-text";

type Certificate = { subject: string; issuer: string; serial: string; sha256: string };
type Full = Consent & {
  document: { sha256: string; pdf_url: string } | null;
  physician_countersign: {
    required: true;
    name: string | null;
    registration_no: string | null;
    informed_at: string | null;
    signed_at: string | null;
    signature_type: "drawn" | "qualified";
    certificate: Certificate | null;
  } | null;
};
type Prepared = { prepare_id: string; signed_attributes: string; to_be_signed_sha256: string; expires_at: string };

const dir = path.join(run.dataDir, "qualified-countersign");
let pki: TestPki;
let rogue: TestPki;
const certs = {} as Record<"good" | "revoked" | "noNonRepudiation" | "expired" | "untrusted", PkiCertificate>;
let template: string;

/** A wall-clock time in the service's zone (Europe/Istanbul, UTC+3), `ms` from now. */
const wallClock = (ms: number) => new Date(Date.now() + ms + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
const b64 = (b: Buffer) => b.toString("base64");

/** A consent awaiting the physician's qualified countersignature (the person has signed). */
async function signedConsent(type: "nitelikli" | "cizim" = "nitelikli"): Promise<Full> {
  const c = (await createConsent(consentBody(template, { hekim_imzasi: true, hekim_imza_turu: type }))) as Full;
  const cookie = await verifiedSession(tokenOf(c), c.id);
  const signed = await signer<{ status: string }>(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie);
  expect(signed.body.status, JSON.stringify(signed.body)).toBe("signed");
  return c;
}

function prepare(c: Full, cert: PkiCertificate, extra: Record<string, unknown> = {}) {
  return call<Prepared>("POST", `/v1/consents/${c.id}/countersign/prepare`, {
    body: { hekim_ad: "Dr. Şule Işık", hekim_tescil_no: "TR-123456", bilgilendirme_zamani: wallClock(-30 * 60_000), sertifika: b64(cert.der), zincir: cert.chain.slice(1).map(b64), ...extra },
  });
}

/** The physician's card: RSA PKCS#1 v1.5 over the DER signed attributes, SHA-256. */
const cardSigns = (p: Prepared, key = certs.good.key) => b64(sign("sha256", Buffer.from(p.signed_attributes, "base64"), key));

const finish = (c: Full, prepareId: string, value: string) => call<Full>("POST", `/v1/consents/${c.id}/countersign`, { body: { prepare_id: prepareId, imza_degeri: value } });

/** Prepares with `cert` and signs with its own key: the refusal, if any, is about the certificate. */
async function countersignWith(c: Full, cert: PkiCertificate) {
  const p = await prepare(c, cert);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return finish(c, p.body.prepare_id, cardSigns(p.body, cert.key));
}

beforeAll(async () => {
  fs.mkdirSync(dir, { recursive: true });
  pki = await createTestPki({ keys: "qes", bits: 2048, dir: path.join(dir, "pki") });
  rogue = await createTestPki({ keys: "qes-rogue", bits: 2048, dir: path.join(dir, "rogue"), rootSubject: "/C=TR/O=Sahte ESHS/CN=Sahte Kök" });
  await pki.start();
  const hour = 3_600_000;
  certs.good = await pki.issue("physician", "physician", { subject: "/C=TR/serialNumber=TCKN10000000146/CN=Şule Işık" });
  certs.revoked = await pki.issue("physician-revoked", "physician", { commonName: "İptal Edilmiş Hekim" });
  certs.noNonRepudiation = await pki.issue("physician-nonr", "physician_no_nr", { commonName: "İnkâr Edilebilir Hekim" });
  certs.expired = await pki.issue("physician-expired", "physician", { commonName: "Süresi Geçmiş Hekim", notBefore: new Date(Date.now() - 48 * hour), notAfter: new Date(Date.now() - hour) });
  certs.untrusted = await rogue.issue("physician", "physician", { commonName: "Şule Işık" });
  await pki.revoke(certs.revoked);
  // The shared server reads its qualified anchors when it checks a certificate (QUALIFIED_TRUST_ANCHORS).
  fs.writeFileSync(run.env.QUALIFIED_TRUST_ANCHORS!, pki.root.pem);
  template = await createTestTemplate();
});

afterAll(async () => {
  await setServerClock(0).catch(() => undefined);
  await pki?.stop();
  await rogue?.stop();
});

describe("the physician's qualified countersignature (decisions §24)", { timeout: 180_000 }, () => {
  it("prepares, takes the card's value and completes: the PDF holds the physician's signature, then the seal, then the document time-stamp", async () => {
    const c = await signedConsent();
    expect(c.physician_countersign).toMatchObject({ required: true, signature_type: "qualified", certificate: null });

    const p = await prepare(c, certs.good);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const attributes = Buffer.from(p.body.signed_attributes, "base64");
    expect(p.body).toEqual({
      prepare_id: expect.stringMatching(/^qp_/),
      signed_attributes: expect.any(String),
      to_be_signed_sha256: createHash("sha256").update(attributes).digest("hex"),
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    // A DER SET (0x31) of contentType, messageDigest and signing-certificate-v2.
    expect(attributes[0]).toBe(0x31);
    // Nothing changed yet: the consent still awaits the physician.
    expect((await call<Full>("GET", `/v1/consents/${c.id}`)).body.status).toBe("signed");

    const res = await finish(c, p.body.prepare_id, cardSigns(p.body));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const certificate = {
      subject: expect.stringContaining("CN=Şule Işık"),
      issuer: expect.stringContaining("Mali Mühür Sertifika Hizmetleri"),
      serial: certs.good.serial,
      sha256: createHash("sha256").update(certs.good.der).digest("hex"),
    };
    expect(res.body).toMatchObject({
      status: "completed",
      physician_countersign: { required: true, name: "Dr. Şule Işık", registration_no: "TR-123456", signature_type: "qualified", certificate },
    });
    const countersigned = (await eventsOf(c.id)).data.find((e) => e.event === "hekim_imzaladi")!;
    expect(countersigned.data).toEqual({
      ad: "Dr. Şule Işık",
      tescil_no: "TR-123456",
      bilgilendirme_zamani: res.body.physician_countersign!.informed_at,
      imza_turu: "nitelikli",
      sertifika: certificate,
    });
    // Used once.
    expectProblem(await finish(c, p.body.prepare_id, cardSigns(p.body)), 409, "invalid_state");

    const done = await eventually(async () => {
      const now = (await call<Full>("GET", `/v1/consents/${c.id}`)).body;
      return now.document ? now : null;
    }, DOCUMENT_WAIT_MS);
    const file = path.join(dir, `${c.id}.pdf`);
    fs.writeFileSync(file, Buffer.from(await (await fetch(done.document!.pdf_url)).arrayBuffer()));
    const text = squash(pdfPages(fs.readFileSync(file)).join(" "));
    for (const shown of ["Nitelikli elektronik imza ile imzalanmıştır", certs.good.serial, "Dr. Şule Işık", "TR-123456"]) expect(text).toContain(shown);

    // pdfsig, trusting the test PKI's root: the physician's signature valid and trusted, then the seal valid.
    const entries = pdfsigEntries(pdfsig(file, trustStore(path.join(dir, "nss"), pki.root.pem)));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries[0]).toMatch(/Signer Certificate Common Name: Şule Işık/);
    expect(entries[0]).toMatch(/Signature Validation: Signature is Valid/);
    expect(entries[0]).toMatch(/Certificate Validation: Certificate is Trusted/);
    expect(entries[0]).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
    expect(entries[1]).toMatch(/Signature Validation: Signature is Valid/);
    expect(entries[1]).not.toMatch(/Şule Işık/);

    // The verify answer lists the physician's signature as qualified and trusted (its chain ends at the anchor).
    const verified = await call<{ match: boolean; signatures: { role: string; signer: string; qualified: boolean; valid: boolean; trusted: boolean }[] }>("POST", "/v1/verify", {
      body: { id: c.id, sha256: done.document!.sha256 },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const roles = verified.body.signatures.map((s) => s.role);
    expect(roles.indexOf("physician")).toBeLessThan(roles.indexOf("seal"));
    expect(verified.body.signatures.find((s) => s.role === "physician")).toMatchObject({ signer: "Şule Işık", qualified: true, valid: true, trusted: true });
    expect(verified.body.signatures.find((s) => s.role === "seal")).toMatchObject({ valid: true, trusted: true });
  });

  it("refuses, naming the field: another key's value, an untrusted root, a revoked, an expired or a non-nonRepudiation certificate", async () => {
    const c = await signedConsent();
    const p = await prepare(c, certs.good);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    expect(expectProblem(await finish(c, p.body.prepare_id, cardSigns(p.body, other)), 422, "validation_failed").errors).toHaveProperty("imza_degeri");

    const refusals: [PkiCertificate, RegExp][] = [
      [certs.untrusted, /güvenilen bir kök/],
      [certs.revoked, /iptal edilmiş/],
      [certs.expired, /geçerli değil/],
      [certs.noNonRepudiation, /nonRepudiation/],
    ];
    for (const [cert, why] of refusals) {
      const res = await countersignWith(c, cert);
      const errors = expectProblem(res, 422, "validation_failed").errors as Record<string, string[]>;
      expect(errors.sertifika?.join(" "), cert.label).toMatch(why);
    }
    // Still awaiting the physician; a good certificate still can.
    expect((await call<Full>("GET", `/v1/consents/${c.id}`)).body.status).toBe("signed");
    expect((await finish(c, p.body.prepare_id, cardSigns(p.body))).status).toBe(200);
  });

  it("answers 409 for an unknown or expired prepare_id, refuses a drawing on a qualified consent and a prepare on a drawn one", async () => {
    const c = await signedConsent();
    expectProblem(await finish(c, "qp_unknown", b64(Buffer.alloc(256, 1))), 409, "invalid_state");
    const p = await prepare(c, certs.good);
    await setServerClock(11 * 60_000);
    try {
      expectProblem(await finish(c, p.body.prepare_id, cardSigns(p.body)), 409, "invalid_state");
    } finally {
      await setServerClock(0);
    }
    const drawn = await call("POST", `/v1/consents/${c.id}/countersign`, {
      body: { hekim_ad: "Dr. Şule Işık", bilgilendirme_zamani: wallClock(-30 * 60_000), imza: await signaturePng() },
    });
    expect(expectProblem(drawn, 422, "validation_failed").errors).toHaveProperty("imza");
    // A prepare_id of one consent does nothing for another.
    const elsewhere = await signedConsent();
    const mine = await prepare(c, certs.good);
    expectProblem(await finish(elsewhere, mine.body.prepare_id, cardSigns(mine.body)), 409, "invalid_state");

    const drawnConsent = await signedConsent("cizim");
    expect(drawnConsent.physician_countersign).toMatchObject({ signature_type: "drawn", certificate: null });
    expectProblem(await prepare(drawnConsent, certs.good), 409, "invalid_state");
    // Field rules of the prepare: a certificate that is not one names `sertifika`.
    expect(expectProblem(await prepare(c, certs.good, { sertifika: b64(Buffer.from("not a certificate")) }), 422, "validation_failed").errors).toHaveProperty("sertifika");
  });
});
