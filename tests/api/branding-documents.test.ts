// decisions §23 end to end: the owner of `other` sets a logo and the institution's details through the
// panel's routes; the sealed consent and the sealed refusal record carry them on their first page,
// and pdfsig still finds the seal valid (the logo adds no transparency to the PDF/A-3 file). Another
// tenant's documents and pages carry none of it. The tenant is left without branding afterwards.
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, keys, run } from "./client";
import { consentBody, createConsent, createTestTemplate, type Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { pdfsig, pdfsigEntries } from "./pdf-seal";
import { panelSession, type PanelFetch } from "./panel-session";
import { logoPng } from "@/tests/fixtures/logos";

type Documented = Consent & { document: { sha256: string; pdf_url: string } | null };

const other = { key: keys.other };
const work = path.join(run.dataDir, `branding-${randomBytes(3).toString("hex")}`);
fs.mkdirSync(work, { recursive: true });
const ADDRESS = "Moda Cad. No: 7, Kadıköy / İstanbul";
let panel: PanelFetch;

async function pdfFile(doc: Documented): Promise<string> {
  const res = await fetch(doc.document!.pdf_url);
  expect(res.status).toBe(200);
  const file = path.join(work, `${doc.id}.pdf`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

const firstPage = (file: string) => execFileSync("pdftotext", ["-f", "1", "-l", "1", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
const images = (file: string) => execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);

function expectSealValid(file: string): void {
  const [seal] = pdfsigEntries(pdfsig(file));
  expect(seal).toContain("Signature Type: ETSI.CAdES.detached");
  expect(seal).toContain("Signature Validation: Signature is Valid.");
}

beforeAll(async () => {
  const u = run.fixtures.users.other_owner;
  panel = await panelSession(run.url, u.email, u.password);
  const logo = await panel("PUT", "/panel/settings/branding/logo", await logoPng(), "image/png");
  expect(logo.status, await logo.text()).toBe(200);
  const details = await panel("PUT", "/panel/settings/branding", { address: ADDRESS, phone: "0216 444 55 66", privacyUrl: "https://baska.example/kvkk", smsSender: "" });
  expect(details.status, await details.text()).toBe(200);
}, 60_000);

afterAll(async () => {
  expect((await panel("DELETE", "/panel/settings/branding/logo")).status).toBe(204);
  expect((await panel("PUT", "/panel/settings/branding", { address: "", phone: "", privacyUrl: "", smsSender: "" })).status).toBe(200);
});

describe("the institution's letterhead in its sealed documents", { timeout: 180_000 }, () => {
  it("is on the first page of a signed consent, beside a valid seal; the logo is an opaque RGB image", async () => {
    const c = await createConsent(consentBody(await createTestTemplate(other)), other);
    const cookie = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    const doc = (await call<Documented>("GET", `/v1/consents/${c.id}`, other)).body;
    const file = await pdfFile(doc);
    const text = firstPage(file);
    for (const shown of ["Moda Cad. No: 7, Kadıköy / İstanbul", "Tel: +90 216 444 55 66", "KVKK Aydınlatma Metni: https://baska.example/kvkk"]) expect(text).toContain(shown);
    expectSealValid(file);
    // pdfimages: the signature (with its soft mask) and the logo, 240 × 80, RGB, 8 bits, no mask of its own.
    const logo = images(file).find((l) => /^\s*\d+\s+\d+\s+image\s+240\s+80\s/.test(l));
    expect(logo, images(file).join("\n")).toMatch(/image\s+240\s+80\s+rgb\s+3\s+8\s/);
    expect(images(file).filter((l) => /\bsmask\b/.test(l))).toHaveLength(1);
  });

  it("is on the first page of a refusal record, beside a valid seal", async () => {
    const c = await createConsent(consentBody(await createTestTemplate(other)), other);
    const res = await call<Documented>("POST", `/v1/consents/${c.id}/refusal`, { ...other, body: { reason: "İmzalamak istemedi", tanik_ad: "Hemşire Elif Demir" } });
    expect(res.status, res.text).toBe(200);
    // The Ret Tutanağı is produced right after the answer (issue #46).
    const documented = await eventually(async () => {
      const r = await call<Documented>("GET", `/v1/consents/${c.id}`, other);
      return r.body.document ? r.body : null;
    }, DOCUMENT_WAIT_MS);
    const file = await pdfFile(documented);
    expect(firstPage(file)).toContain("Tel: +90 216 444 55 66");
    expect(firstPage(file)).toContain("Ret Tutanağı");
    expectSealValid(file);
  });

  it("is nowhere in another tenant's documents", async () => {
    const c = await createConsent(consentBody(await createTestTemplate()));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    const file = await pdfFile((await call<Documented>("GET", `/v1/consents/${c.id}`)).body);
    expect(firstPage(file)).not.toContain("Moda Cad.");
    expect(firstPage(file)).not.toContain("Tel:");
    expect(images(file).filter((l) => l.trim().split(/\s+/)[2] === "image")).toHaveLength(1);
  });
});
