// The physician's qualified countersignature in the panel (issue #48, decisions §24) through Chromium:
// the countersign page of a `nitelikli` consent finds the e-onam-imza agent on 127.0.0.1:17345 (the
// real program, bin/e-onam-imza.mjs, with the physician's key on a SoftHSM2 token), names it missing
// until it runs, refuses a wrong pairing code and pairs with the printed one, lists the card's
// certificates, and signs through prepare → the agent (which shows the consent and the initials and
// takes the PIN on its own input, never from the page) → finish: first with a certificate the service
// refuses (no OCSP address), named on the page, then with one it accepts. The consent completes and pdfsig,
// trusting the test PKI's root, finds the physician's signature valid and trusted before the seal.
// Then the same page with the institution's remote signing service (tests/csc-server.ts, a CSC v2
// service with the key on SoftHSM2, on the port the shared server was configured with): a wrong PIN
// named on its field, then prepare → authorize/signHash → finish on the server.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations } from "./browser";
import { base, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { consentOf, signedConsent } from "./physician-helpers";
import { call, DOCUMENT_WAIT_MS, eventually, run } from "../api/client";
import { pdfsig, pdfsigEntries, trustStore } from "../api/pdf-seal";
import { startTestCscServer, type TestCscServer } from "@/tests/csc-server";
import { CHECKOUT_AGENT, physicianTokens, printed, startTestAgent, type PhysicianTokens, type RunningTestAgent } from "@/tests/imza-agent";

const chrome = chromiumPerFile();
const work = path.join(run.dataDir, "panel-qualified-countersign");
const physician = users.qes_doctor;
let tokens: PhysicianTokens;
let agent: RunningTestAgent | undefined;
let csc: TestCscServer | undefined;

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true });
  tokens = await physicianTokens(work, "e2e-qes");
  await tokens.pki.start();
  // The shared server reads its qualified anchors when it checks a certificate.
  fs.writeFileSync(run.env.QUALIFIED_TRUST_ANCHORS!, tokens.pki.root.pem);
});

afterAll(async () => {
  await csc?.stop();
  await agent?.stop();
  await tokens?.pki.stop();
});

describe("the qualified countersignature with the card agent", () => {
  it("finds the agent, pairs once, lists the card's certificates and signs: the consent completes and pdfsig trusts the physician's signature", async () => {
    const consent = await signedConsent({ hekim_imza_turu: "nitelikli", hekim: "Test qes_doctor" });
    expect(consent.physician_countersign).toMatchObject({ signature_type: "qualified" });

    const page = await newPage(chrome, "desktop");
    const csp = await recordCspViolations(page);
    await signIn(page, physician);
    await page.goto(`${base}/panel/countersign/${consent.id}`);
    const form = page.getByTestId("qualified-form");
    // No agent yet: named, with a way to look again; no drawing pad on a qualified consent.
    await form.locator('[data-step="find"][data-state="failed"]').waitFor();
    expect(await page.getByTestId("qualified-message").innerText()).toContain("İmza aracı bulunamadı");
    expect(await page.getByTestId("countersign-canvas").count()).toBe(0);

    agent = await startTestAgent({ program: CHECKOUT_AGENT, conf: tokens.conf, stateDir: path.join(work, "agent-state"), origin: base, port: 17345 });
    await form.getByRole("button", { name: "Yeniden dene" }).click();
    await form.locator('[data-step="find"][data-state="done"]').waitFor();
    const pairing = page.getByTestId("agent-pairing");
    await pairing.getByLabel("Eşleştirme kodu").fill("0000-0000");
    await pairing.getByRole("button", { name: "Eşleştir" }).click();
    await page.getByText("Eşleştirme reddedildi: kod yanlış.").first().waitFor();
    await pairing.getByLabel("Eşleştirme kodu").fill(agent.code);
    await pairing.getByRole("button", { name: "Eşleştir" }).click();
    await form.locator('[data-step="certificates"][data-state="done"]').waitFor();

    // Both of the card's certificates, qualified.
    const signing = page.getByTestId("agent-signing");
    expect(await signing.getByRole("radio").count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await noHorizontalScroll(page, 360);
    await page.setViewportSize({ width: 1280, height: 900 });

    /** Signs with the card's certificate of `holder`: prepared, then the agent shows what is signed and takes the PIN. */
    const signWithCard = async (holder: RegExp) => {
      await signing.getByRole("radio", { name: holder }).check();
      await signing.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
      await page.getByTestId("pin-on-agent").waitFor();
      await form.locator('[data-step="prepare"][data-state="done"]').waitFor();
      await form.locator('[data-step="card"][data-state="active"]').waitFor();
      const shown = await printed(agent!, /PIN: $/);
      expect(shown).toMatch(/PIN: $/);
      expect(shown.slice(shown.lastIndexOf("İmza isteği"))).toContain(`Onam:              ${consent.id}\nKişi (baş harfler): A. Y.\nBelge özeti:       ${consent.template.content_sha256}\n`);
      agent!.pin.write("1234\n");
    };
    // The EC certificate names no OCSP responder: the card signs, the service refuses the certificate, saying why.
    await signWithCard(/Dr\. Mehmet Kaya/);
    await form.locator('[data-step="finish"][data-state="failed"]').waitFor();
    expect(await page.getByTestId("qualified-message").innerText()).toContain("Sertifika kabul edilmedi: AIA uzantısında OCSP adresi yok");
    expect((await consentOf(consent.id)).status).toBe("signed");
    // The RSA one names the PKI's responder, which answers `good`.
    await signWithCard(/Dr\. Ayşe Yılmaz/);

    await page.getByTestId("countersign-done").waitFor({ timeout: 30_000 });
    expect(await csp()).toEqual([]);
    // The consent's page names the signature as qualified, with the card's certificate.
    await page.getByRole("link", { name: "Onam sayfasına git" }).click();
    const qualified = page.getByTestId("consent-parties").getByTestId("physician-qualified");
    await qualified.waitFor();
    expect(await qualified.innerText()).toMatch(new RegExp(`Nitelikli elektronik imza · Sertifika: .*Dr\\. Ayşe Yılmaz.*seri ${tokens.physician.serial}`));

    const done = await eventually(async () => {
      const c = await consentOf(consent.id);
      return c.document ? c : null;
    }, DOCUMENT_WAIT_MS);
    expect(done).toMatchObject({ status: "completed", physician_countersign: { signature_type: "qualified", name: "Test qes_doctor" } });
    const file = path.join(work, `${consent.id}.pdf`);
    fs.writeFileSync(file, Buffer.from(await (await fetch(done.document!.pdf_url!)).arrayBuffer()));
    const entries = pdfsigEntries(pdfsig(file, trustStore(path.join(work, "nss"), tokens.pki.root.pem)));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries[0]).toMatch(/Signer Certificate Common Name: Dr\. Ayşe Yılmaz/);
    expect(entries[0]).toMatch(/Signature Validation: Signature is Valid/);
    expect(entries[0]).toMatch(/Certificate Validation: Certificate is Trusted/);
    expect(entries[0]).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
    expect(entries[1]).toMatch(/Signature Validation: Signature is Valid/);
  });
});

describe("the qualified countersignature with the institution's remote signing service (CSC)", () => {
  it("lists the credentials, names a wrong PIN on its field, then signs on the server: the consent completes with the credential's certificate", async () => {
    csc = await startTestCscServer({ work: path.join(work, "csc"), pki: tokens.pki, physician: tokens.physician, port: Number(new URL(run.env.CSC_BASE_URL!).port) });
    const consent = await signedConsent({ hekim_imza_turu: "nitelikli", hekim: "Test qes_doctor" });
    const page = await newPage(chrome, "phone");
    const csp = await recordCspViolations(page);
    await signIn(page, physician);
    await page.goto(`${base}/panel/countersign/${consent.id}`);
    const form = page.getByTestId("qualified-form");
    await form.getByRole("radio", { name: "Uzaktan imza hizmeti (CSC)" }).check();
    const remote = page.getByTestId("remote-signing");
    await remote.getByRole("radio", { name: /Dr\. Ayşe Yılmaz/ }).check();
    expect(await remote.getByRole("radio").count()).toBe(2);

    await remote.getByLabel("İmza PIN'i").fill("0000");
    await remote.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    await form.locator('[data-step="remote"][data-state="failed"]').waitFor();
    expect(await form.locator('[data-step="prepare"]').getAttribute("data-state")).toBe("done");
    expect(await page.locator("#qs-pin-err").innerText()).toContain("The PIN is invalid");
    expect((await consentOf(consent.id)).status).toBe("signed");

    await remote.getByLabel("İmza PIN'i").fill("1234");
    await remote.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    await page.getByTestId("countersign-done").waitFor({ timeout: 30_000 });
    await noHorizontalScroll(page, 360);
    expect(await csp()).toEqual([]);
    // authorize for the one hash, then signHash, each with the service's token; the PIN in authorize only.
    const methods = csc.requests.map((r) => r.method);
    expect(methods.slice(-3)).toEqual(["credentials/info", "credentials/authorize", "signatures/signHash"]);
    expect(JSON.stringify(csc.requests.filter((r) => r.method !== "credentials/authorize"))).not.toContain('"1234"');
    const after = await call<{ status: string; physician_countersign: { signature_type: string; certificate: { serial: string } | null } }>("GET", `/v1/consents/${consent.id}`);
    expect(after.body).toMatchObject({ status: "completed", physician_countersign: { signature_type: "qualified", certificate: { serial: tokens.physician.serial } } });
  });
});
