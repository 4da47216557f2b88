// Issue #47, tried as a court expert would: the service's own sealed consents, made by the real server,
// then forged with nothing but the file and public tools. `e-onam-verify --key <the log key>` (the
// same verifyPdf in-process) calls the genuine and the renewed file VALID and refuses each forgery,
// naming why: painted text, a rewritten content stream, an annotation, a shadow form field, a visible
// time-stamp widget, an object no table lists, kanit.json swapped after the seal or under a new seal,
// a self-made seal or TSA under the service's names, a forged trust statement.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTimeStampReq, randomNonce } from "@/lib/timestamping/build-request";
import { parseVerifierKey } from "@/lib/transparency/note";
import { verifyPdf, type VerifyOptions } from "@/lib/verifier/verify-pdf";
import { addAnnotation, paintOver, resealed, rewriteContent, selfMadeTimestamper, shadowField, swapKanitLater, unlistedObject, visibleTimestampWidget } from "../verifier/forgeries";
import { appendDocTimestamp, appendDss, type SignatureTimestamper } from "../verifier/pdf-updates";
import { makeLogKey, trustStatement } from "../verifier/pki-documents";
import { basic, call, defaultKey, run } from "./client";
import { consentBody, createConsent, createTestTemplate, type Consent } from "./consent-helpers";
import { eOnamVerify } from "./log-helpers";
import { pdfsig } from "./pdf-seal";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";

type Documented = Consent & { document: { sha256: string; pdf_url: string } };

const work = path.join(run.dataDir, `forgeries-${randomBytes(3).toString("hex")}`);
fs.mkdirSync(work, { recursive: true });

let vkey: string;
let genuine: Buffer;
let other: Buffer;
let consentId: string;

async function sealedConsent(kod: string): Promise<{ id: string; pdf: Buffer }> {
  const c = await createConsent(consentBody(kod));
  const cookie = await verifiedSession(tokenOf(c), c.id);
  expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
  const doc = (await call<Documented>("GET", `/v1/consents/${c.id}`)).body.document;
  const res = await fetch(doc.pdf_url);
  expect(res.status).toBe(200);
  return { id: c.id, pdf: Buffer.from(await res.arrayBuffer()) };
}

/** The service's own TSA (POST /tsa, the built-in authority), as a renewal or a forger would use it. */
const serviceTsa: SignatureTimestamper = async (hex) => {
  const res = await fetch(`${run.url}/tsa`, { method: "POST", headers: { "Content-Type": "application/timestamp-query", Authorization: basic(defaultKey()) }, body: new Uint8Array(buildTimeStampReq(Buffer.from(hex, "hex"), randomNonce())) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

beforeAll(async () => {
  const kod = await createTestTemplate();
  const first = await sealedConsent(kod);
  genuine = first.pdf;
  consentId = first.id;
  other = (await sealedConsent(kod)).pdf;
  vkey = (await (await fetch(`${run.url}/log/key`)).text()).trim();
});

const verify = (pdf: Buffer, o: VerifyOptions = {}) => verifyPdf(pdf, { key: parseVerifierKey(vkey), ...o });

describe("genuine files", () => {
  it("the service's sealed consent is VALID with its log key alone, at level B-LTA, every signature listed", () => {
    const report = verify(genuine);
    expect(report.reason).toBeNull();
    expect(report).toMatchObject({ valid: true, level: "B-LTA", consentId });
    expect(report.signatures.map((s) => [s.role, s.signer, s.valid, s.trusted, s.qualified])).toEqual([
      ["seal", "e-Onam Yerel Test Mührü", true, true, false],
      ["timestamp", "e-Onam Yerel Test Zaman Damgası", true, true, false],
      ["document-timestamp", "e-Onam Yerel Test Zaman Damgası", true, true, false],
    ]);
  });

  it("prints every signature and VALID through the command, exit 0", () => {
    const file = path.join(work, "genuine.pdf");
    fs.writeFileSync(file, genuine);
    const r = eOnamVerify([file, "--key", vkey]);
    expect(r.out).toMatch(/✓ seal\s+e-Onam Yerel Test Mührü — valid, trusted, not qualified, \d{4}-\d\d-\d\dT/);
    expect(r.out).toMatch(/✓ document-timestamp\s+e-Onam Yerel Test Zaman Damgası — valid, trusted/);
    expect(r.out.trimEnd().split("\n").at(-1)).toBe("VALID");
    expect(r.status, r.out).toBe(0);
  });

  it("stays VALID when renewed: a DSS and a document time-stamp by the service's TSA appended", async () => {
    const renewed = await appendDocTimestamp(await appendDss(genuine, {}), serviceTsa);
    const report = verify(renewed);
    expect(report.reason).toBeNull();
    expect(report.signatures.filter((s) => s.role === "document-timestamp" && s.trusted)).toHaveLength(2);
  });

  it("is what POST /v1/verify reports, every signature with its role", async () => {
    const sha256 = createHash("sha256").update(genuine).digest("hex");
    const res = await call<{ seal: unknown; signatures: Record<string, unknown>[] }>("POST", "/v1/verify", { body: { id: consentId, sha256 } });
    expect(res.body.seal).toEqual({ valid: true, signer: "e-Onam Yerel Test Mührü", level: "B-LTA" });
    expect(res.body.signatures).toEqual(
      ["seal", "timestamp", "document-timestamp"].map((role) => ({
        role,
        signer: role === "seal" ? "e-Onam Yerel Test Mührü" : "e-Onam Yerel Test Zaman Damgası",
        qualified: false,
        valid: true,
        trusted: true,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      })),
    );
  });
});

describe("forgeries, each refused with its reason", () => {
  const refused = async (make: () => Promise<Buffer>, reason: RegExp, o?: VerifyOptions) => {
    const forged = await make();
    const report = verify(forged, o);
    expect(report.valid).toBe(false);
    expect(report.reason).toMatch(reason);
    return forged;
  };

  it("an incremental update that paints text over the procedure line (and pdfsig's flag of it)", async () => {
    const forged = await refused(() => paintOver(genuine), /^changes after the seal: page 1's \/Contents was changed/);
    const file = path.join(work, "painted.pdf");
    fs.writeFileSync(file, forged);
    // pdfsig sees that something follows the signatures; the verifier says what.
    expect(pdfsig(file)).toContain("Not total document signed");
    const r = eOnamVerify([file, "--key", vkey]);
    expect(r.status).toBe(1);
    expect(r.out.trimEnd().split("\n").at(-1)).toMatch(/^INVALID: changes after the seal: page 1's \/Contents was changed/);
  });

  it("page 1's content stream redefined in a later revision", () => refused(() => rewriteContent(genuine), /^changes after the seal: object \d+ \(page 1 \/Contents\) was changed$/));

  it("an annotation added after the seal", () => refused(() => addAnnotation(genuine), /^changes after the seal: an annotation \(object \d+, \/FreeText\) was added to page 1$/));

  it("a shadow attack: a form field whose appearance hides the procedure line behind other words", () =>
    refused(() => shadowField(genuine), /^changes after the seal: object \d+, a form field that is not a signature field, was added; an annotation \(object \d+, \/Widget\) was added to page 1$/));

  it("a genuine document time-stamp by the service's own TSA whose widget paints over the page", () =>
    refused(() => visibleTimestampWidget(genuine, serviceTsa), /^changes after the seal: the signature widget \(object \d+\) added after signing is visible on the page/));

  it("an object slipped in without a cross-reference entry", () => refused(() => unlistedObject(genuine), /^changes after the seal: bytes \d+–\d+ of the revision ending at byte \d+ belong to no object/));

  it("a document time-stamp from a self-made TSA under the service's TSA name", () =>
    refused(() => appendDocTimestamp(genuine, selfMadeTimestamper()), /^document-timestamp "DocTimeStamp1": e-Onam Yerel Test Zaman Damgası is not trusted: the chain .* a certificate the file carries, not at a trust anchor$/));

  it("kanit.json swapped for another consent's in a later revision", async () => {
    const { embeddedFile } = await import("@/lib/verifier/read-kanit");
    const { PdfFile } = await import("@/lib/verifier/pdf/pdf-file");
    const file = new PdfFile(other);
    const json = embeddedFile(file, file.revisions.length - 1, "kanit.json")!.toString("utf8");
    await refused(() => swapKanitLater(genuine, json), /^changes after the seal: object \d+ \(catalog \/Names \/EmbeddedFiles \/Names "kanit\.json" \/EF \/F\) was changed$/);
  });

  it("kanit.json swapped in the sealed revision, under a fresh self-made seal with the service's seal name", async () => {
    const { embeddedFile } = await import("@/lib/verifier/read-kanit");
    const { PdfFile } = await import("@/lib/verifier/pdf/pdf-file");
    const file = new PdfFile(other);
    const otherKanit = JSON.parse(embeddedFile(file, file.revisions.length - 1, "kanit.json")!.toString("utf8")) as Record<string, unknown>;
    await refused(() => resealed(genuine, "e-Onam Yerel Test Mührü", () => otherKanit), /^seal "Signature1": e-Onam Yerel Test Mührü is not trusted: the chain of "e-Onam Yerel Test Mührü" ends at "CN=e-Onam Yerel Test Kök Sertifikası, .*", a certificate the file carries, not at a trust anchor$/);
  });

  it("the consent sealed again with a self-made certificate carrying the service's name", () =>
    refused(() => resealed(genuine, "e-Onam Yerel Test Mührü"), /^seal "Signature1": e-Onam Yerel Test Mührü is not trusted/));

  it("a swapped trust statement: signed by another key under the log's name, given apart or embedded under a new seal", async () => {
    const forger = makeLogKey(vkey.split("+")[0]!);
    const statement = trustStatement(forger, []);
    expect(verify(genuine, { statements: [statement] }).reason).toBe("trust statement: the trust statement is not signed by the given key");
    await refused(() => resealed(genuine, "e-Onam Yerel Test Mührü", (k) => ({ ...k, trust: statement })), /^trust statement: the trust statement is not signed by the given key$/);
  });
});
