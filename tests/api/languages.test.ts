// decisions §17: templates with translations (languages, content_hashes), consents in a language
// (the text shown, hashed, signed and printed is that language's), the SMS in that language, and an
// interpreter who signs too (tercuman_imzaladi, both signatures in the PDF).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem, run } from "./client";
import { consentBody, eventsOf, outbox, sha256, uniq, type Consent } from "./consent-helpers";
import { blankSignature, signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { detach } from "./pdf-seal";

const work = path.join(run.dataDir, `lang-${randomBytes(3).toString("hex")}`);
fs.mkdirSync(work, { recursive: true });

const TR = "<p>Sayın {adsoyad}, diş çekimine onay veriyorum.</p>";
const EN = "<p>Dear {adsoyad}, I consent to the tooth extraction.</p>";
const AR = "<p>السيد {adsoyad}، أوافق على خلع السن بعد أن شرح لي الطبيب المخاطر.</p>";
const DE = "<p>Sehr geehrte(r) {adsoyad}, ich willige in die Zahnextraktion ein.</p>";

type Template = { languages: string[]; content_hashes: Record<string, string>; content_hash: string };
type Signed = Consent & { language: string; document: { sha256: string; pdf_url: string } | null };

let kod: string;

beforeAll(async () => {
  kod = uniq("cok-dilli");
  const res = await call<Template>("POST", "/v1/templates", {
    body: {
      kod,
      baslik: "Diş Çekimi Onamı",
      govde: TR,
      yayimla: true,
      ceviriler: { en: { baslik: "Tooth Extraction Consent", govde: EN }, ar: { baslik: "موافقة على خلع السن", govde: AR }, de: { baslik: "Einwilligung Zahnextraktion", govde: DE } },
    },
  });
  expect(res.status, res.text).toBe(201);
});

async function signWith(c: Consent, extra: Record<string, unknown> = {}, cookie?: string) {
  const session = cookie ?? (await verifiedSession(tokenOf(c), c.id));
  return signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true, ...extra }, session);
}

function pdfText(file: string): string {
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

async function downloadPdf(c: Signed, name: string): Promise<string> {
  const file = path.join(work, name);
  fs.writeFileSync(file, Buffer.from(await (await fetch(c.document!.pdf_url)).arrayBuffer()));
  return file;
}

describe("template translations", () => {
  it("publishes each language with its own digest, tr first, in the detail and the list", async () => {
    const detail = await call<Template>("GET", `/v1/templates/${kod}`);
    expect(detail.body.languages).toEqual(["tr", "en", "ar", "de"]);
    expect(detail.body.content_hashes).toEqual({ tr: detail.body.content_hash, en: sha256(EN), ar: sha256(AR), de: sha256(DE) });
    const list = await call<{ data: (Template & { code: string })[] }>("GET", "/v1/templates");
    const item = list.body.data.find((t) => t.code === kod)!;
    expect(item.languages).toEqual(["tr", "en", "ar", "de"]);
    expect(item.content_hashes).toEqual(detail.body.content_hashes);
  });

  it("refuses an unknown language, Turkish as a translation, and a translation left empty by the sanitizer", async () => {
    const post = (ceviriler: unknown) => call("POST", "/v1/templates", { body: { kod: uniq("bad"), baslik: "X", govde: TR, ceviriler } });
    const unknown = expectProblem(await post({ xx: { baslik: "X", govde: EN } }), 422, "validation_failed");
    expect(Object.keys(unknown.errors as object).join()).toMatch(/^ceviriler/);
    expectProblem(await post({ tr: { baslik: "X", govde: TR } }), 422, "validation_failed");
    const missing = expectProblem(await post({ en: { baslik: "X" } }), 422, "validation_failed");
    expect(Object.keys(missing.errors as object)).toEqual(["ceviriler.en.govde"]);
    const scripted = expectProblem(await post({ en: { baslik: "X", govde: "<script>alert(1)</script>" } }), 422, "validation_failed");
    expect(Object.keys(scripted.errors as object)).toEqual(["ceviriler.en.govde"]);
  });

  it("a PUT without ceviriler keeps them; one with ceviriler replaces them in the next version", async () => {
    const put = await call<Template & { version: number }>("PUT", `/v1/templates/${kod}`, { body: { govde: TR.replace("onay", "tam onay"), yayimla: true } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.languages).toEqual(["tr", "en", "ar", "de"]);
  });
});

describe("a consent in a language", () => {
  it("is 422 on dil for a language the published version lacks, and on tercuman_ad for a Turkish consent", async () => {
    const fr = expectProblem(await call("POST", "/v1/consents", { body: consentBody(kod, { dil: "fr", degiskenler: {} }) }), 422, "validation_failed");
    expect(Object.keys(fr.errors as object)).toEqual(["dil"]);
    const bad = expectProblem(await call("POST", "/v1/consents", { body: consentBody(kod, { dil: "xx", degiskenler: {} }) }), 422, "validation_failed");
    expect(Object.keys(bad.errors as object)).toEqual(["dil"]);
    const tr = expectProblem(await call("POST", "/v1/consents", { body: consentBody(kod, { tercuman_ad: "Ali Tercüman", degiskenler: {} }) }), 422, "validation_failed");
    expect(Object.keys(tr.errors as object)).toEqual(["tercuman_ad"]);
  });

  it("shows, hashes, texts and prints the English text, and the interpreter signs too", async () => {
    const created = await call<Signed>("POST", "/v1/consents", { body: consentBody(kod, { adsoyad: "John Smith", dil: "en", tercuman_ad: "Ayşe Tercüman", sms_gonder: true, degiskenler: {} }) });
    expect(created.status, created.text).toBe(201);
    const c = created.body;
    expect(c.language).toBe("en");
    expect(c.template.content_sha256).toBe(sha256(EN.replace("{adsoyad}", "John Smith")));
    const sms = outbox().filter((l) => l.consent_id === c.id);
    expect(sms.find((l) => l.kind === "link")!.body).toContain("Your consent form is waiting for your approval");

    // Without the interpreter's signature the approval is refused, naming the field.
    const cookie = await verifiedSession(tokenOf(c), c.id);
    const without = await signWith(c, {}, cookie);
    expect(without.status).toBe(422);
    expect(Object.keys((without.body as { errors: object }).errors)).toEqual(["interpreter_signature"]);
    // An empty pad for the interpreter is no signature either.
    expect((await signWith(c, { interpreter_signature: blankSignature() }, cookie)).body).toMatchObject({ errors: { interpreter_signature: ["imza boş"] } });
    expect(outbox().filter((l) => l.consent_id === c.id && l.kind === "otp").at(-1)!.body).toContain("consent verification code");
    const signed = await signWith(c, { interpreter_signature: await signaturePng() }, cookie);
    expect(signed.status).toBe(200);

    const events = (await eventsOf(c.id)).data.map((e) => e.event);
    // decisions §19/§25: the person first, then the interpreter.
    expect(events.indexOf("tercuman_imzaladi")).toBe(events.indexOf("imzalandi") + 1);
    const done = (await call<Signed>("GET", `/v1/consents/${c.id}`)).body;
    const file = await downloadPdf(done, "en.pdf");
    const text = pdfText(file).replace(/\s+/g, " ");
    expect(text).toContain("Tooth Extraction Consent");
    expect(text).toContain("Dear John Smith, I consent to the tooth extraction.");
    expect(text).toContain("Onam metni / Consent text — İngilizce (English)");
    expect(text).toContain("Ad soyad / Full name");
    expect(text).toContain("Ayşe Tercüman");
    expect(text).toContain("Tercüman");
    const kanit = JSON.parse(detach(file, path.join(work, "en-detached"))["kanit.json"]!.toString("utf8")) as { events: { event: string }[] };
    expect(kanit.events.map((e) => e.event).slice(-2)).toEqual(["imzalandi", "tercuman_imzaladi"]);
  });

  it("prints Arabic right to left with its letters joined, as pdftotext reads it back", async () => {
    const created = await call<Signed>("POST", "/v1/consents", { body: consentBody(kod, { adsoyad: "أحمد علي", dil: "ar", degiskenler: {} }) });
    expect(created.status, created.text).toBe(201);
    expect((await signWith(created.body)).status).toBe(200);
    const done = (await call<Signed>("GET", `/v1/consents/${created.body.id}`)).body;
    const text = pdfText(await downloadPdf(done, "ar.pdf"));
    expect(text).toContain("أوافق على خلع السن بعد أن شرح لي الطبيب المخاطر");
    expect(text).toContain("موافقة على خلع السن");
    expect(done.template.content_sha256).toBe(sha256(AR.replace("{adsoyad}", "أحمد علي")));
  });
});

describe("the signing page as a whole", () => {
  const htmlTag = async (url: string, headers: Record<string, string> = {}) => /<html[^>]*>/.exec(await (await fetch(url, { headers })).text())?.[0] ?? "";

  it("speaks its consent's language in <html lang dir> without ?lang=, the chosen one with it, and ignores a caller's own token header", async () => {
    const created = await call<Signed>("POST", "/v1/consents", { body: consentBody(kod, { adsoyad: "أحمد علي", dil: "ar", degiskenler: {} }) });
    expect(created.status, created.text).toBe(201);
    const url = created.body.link.url;
    expect(await htmlTag(url)).toMatch(/lang="ar"[^>]*dir="rtl"/);
    expect(await htmlTag(`${url}?lang=tr`)).toMatch(/lang="tr"[^>]*dir="ltr"/);
    // Only the proxy names the signing link: the header sent to another page changes nothing.
    expect(await htmlTag(`${run.url}/dogrula`, { "x-eonam-signing-token": tokenOf(created.body) })).toMatch(/lang="tr"[^>]*dir="ltr"/);
  });
});
