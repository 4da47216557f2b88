// decisions §26: optional and required clauses. Templates take `maddeler` (Turkish) and
// `ceviriler.<dil>.maddeler` (the same codes), published and frozen with the version; the detail shows
// them as `clauses`; the signing link refuses a signature without the required ones (422 naming
// `maddeler.<kod>`), records `maddeler_yanitlandi` { accepted, declined } before `imzalandi`, the
// consent object adds `clauses` (null before signing) and the PDF prints each clause with its answer.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem, keys, run } from "./client";
import { consentBody, createConsent, eventsOf, uniq, type Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";

const GOVDE = "<p>Sayın {adsoyad}, implant tedavisi için onamınız istenmektedir.</p>";
const kvkk = { kod: "kvkk", metin: "KVKK aydınlatma metnini okudum ve anladım.", zorunlu: true };
const foto = { kod: "foto", metin: "Tedavi fotoğraflarımın eğitimde kullanılmasına izin veriyorum.", zorunlu: false };
const arastirma = { kod: "arastirma", metin: "Verilerimin anonim olarak araştırmada kullanılmasına izin veriyorum.", zorunlu: false };
const en = {
  baslik: "Implant",
  govde: "<p>Dear {adsoyad}.</p>",
  maddeler: [
    { kod: "kvkk", metin: "I have read the privacy notice." },
    { kod: "foto", metin: "I allow my treatment photos to be used in teaching." },
    { kod: "arastirma", metin: "I allow my anonymised data to be used in research." },
  ],
};

type Clause = { code: string; text: string; required: boolean };
type Detail = { version: number; clauses: Record<string, Clause[]>; has_draft?: true };
type WithClauses = Consent & { clauses: (Clause & { accepted: boolean })[] | null; document: { pdf_url: string } | null };

let kod: string;
beforeAll(async () => {
  kod = uniq("madde");
  const res = await call<Detail>("POST", "/v1/templates", { body: { kod, baslik: "İmplant", govde: GOVDE, yayimla: true, maddeler: [kvkk, foto, arastirma], ceviriler: { en } } });
  expect(res.status, res.text).toBe(201);
});

async function consentOf(id: string): Promise<WithClauses> {
  const res = await call<WithClauses>("GET", `/v1/consents/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("templates with clauses", () => {
  it("show the clauses of each language on the detail, required taken from the Turkish", async () => {
    const res = await call<Detail>("GET", `/v1/templates/${kod}`);
    expect(res.status).toBe(200);
    expect(res.body.clauses).toEqual({
      tr: [
        { code: "kvkk", text: kvkk.metin, required: true },
        { code: "foto", text: foto.metin, required: false },
        { code: "arastirma", text: arastirma.metin, required: false },
      ],
      en: [
        { code: "kvkk", text: en.maddeler[0]!.metin, required: true },
        { code: "foto", text: en.maddeler[1]!.metin, required: false },
        { code: "arastirma", text: en.maddeler[2]!.metin, required: false },
      ],
    });
    const plain = await call<Detail>("POST", "/v1/templates", { body: { kod: uniq("maddesiz"), baslik: "S", govde: "<p>x</p>", yayimla: true } });
    expect(plain.body.clauses).toEqual({});
    expect((await call("GET", `/v1/templates/${kod}`, { key: keys.other })).status).toBe(404);
  });

  it("refuses bad clauses with 422 naming the field, and writes nothing", async () => {
    const tr = [kvkk, foto];
    const cases: [Record<string, unknown>, string][] = [
      [{ maddeler: Array.from({ length: 21 }, (_, i) => ({ ...foto, kod: `m${i}` })) }, "maddeler"],
      [{ maddeler: [kvkk, { ...foto, kod: "kvkk" }] }, "maddeler.1.kod"],
      [{ maddeler: [{ ...kvkk, kod: "kötü kod" }] }, "maddeler.0.kod"],
      [{ maddeler: [{ ...kvkk, metin: "  " }] }, "maddeler.0.metin"],
      [{ maddeler: [{ ...kvkk, metin: "ç".repeat(1001) }] }, "maddeler.0.metin"],
      [{ maddeler: [{ ...kvkk, zorunlu: "evet" }] }, "maddeler.0.zorunlu"],
      // A translation must carry the Turkish codes, no more, no fewer, and may not make a required one optional.
      [{ maddeler: tr, ceviriler: { en: { ...en, maddeler: [en.maddeler[0]] } } }, "ceviriler.en.maddeler"],
      [{ maddeler: tr, ceviriler: { en: { baslik: "E", govde: "<p>e</p>" } } }, "ceviriler.en.maddeler"],
      [{ maddeler: tr, ceviriler: { en: { ...en, maddeler: [{ ...en.maddeler[0], zorunlu: false }, en.maddeler[1]] } } }, "ceviriler.en.maddeler"],
    ];
    for (const [extra, field] of cases) {
      const code = uniq("kotu");
      const p = expectProblem(await call("POST", "/v1/templates", { body: { kod: code, baslik: "K", govde: "<p>x</p>", yayimla: true, ...extra } }), 422, "validation_failed");
      expect(Object.keys(p.errors as object), field).toEqual([field]);
      expect((await call("GET", `/v1/templates/${code}`)).status).toBe(404);
      const put = await call("PUT", `/v1/templates/${kod}`, { body: { yayimla: true, ...extra } });
      expect(Object.keys(expectProblem(put, 422, "validation_failed").errors as object), field).toEqual([field]);
    }
    // Turkish clauses changed on their own while the English translation keeps the old codes: refused too.
    const alone = await call("PUT", `/v1/templates/${kod}`, { body: { yayimla: true, maddeler: [kvkk] } });
    expect(Object.keys(expectProblem(alone, 422, "validation_failed").errors as object)).toEqual(["ceviriler.en.maddeler"]);
    const after = await call<Detail>("GET", `/v1/templates/${kod}`);
    expect(after.body.version).toBe(1);
    expect(after.body.clauses.tr).toHaveLength(3);
    expect(after.body.has_draft).toBeUndefined();
  });

  it("keeps a version's clauses frozen; a later version may change or remove them", async () => {
    const code = uniq("surum");
    expect((await call("POST", "/v1/templates", { body: { kod: code, baslik: "V", govde: GOVDE, yayimla: true, maddeler: [kvkk] } })).status).toBe(201);
    const old = await createConsent(consentBody(code));
    const v2 = await call<Detail>("PUT", `/v1/templates/${code}`, { body: { yayimla: true, maddeler: [] } });
    expect(v2.body).toMatchObject({ version: 2, clauses: {} });
    // The consent of version 1 is still asked version 1's required clause.
    const session = await verifiedSession(tokenOf(old), old.id);
    const refused = await signer<{ errors: unknown }>(tokenOf(old), "sign", { signature: await signaturePng(), read: true, understood: true }, session);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ "maddeler.kvkk": [expect.any(String)] });
  });
});

describe("answering on the signing link", { timeout: 120_000 }, () => {
  it("refuses a signature without the required clause, then records the answers, serves clauses and prints them", async () => {
    const c = await createConsent(consentBody(kod, { dis_ref: uniq("ref") }));
    expect((await consentOf(c.id)).clauses).toBeNull();
    const token = tokenOf(c);
    const session = await verifiedSession(token, c.id);
    const sign = async (maddeler?: unknown) =>
      signer<{ code: string; errors: Record<string, string[]> }>(token, "sign", { signature: await signaturePng(), read: true, understood: true, ...(maddeler === undefined ? {} : { maddeler }) }, session);

    // The required clause left unticked (absent, or only the optional ones): 422 naming it; nothing signed.
    for (const ticked of [undefined, [], ["foto"]]) {
      const res = await sign(ticked);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors).toEqual({ "maddeler.kvkk": [expect.any(String)] });
    }
    // A code the form has not, or not a list: 422 on maddeler.
    expect((await sign(["kvkk", "yok"])).body.errors).toEqual({ maddeler: [expect.any(String)] });
    expect((await sign("kvkk")).status).toBe(422);
    const open = await consentOf(c.id);
    expect(open.status).toBe("sent");
    expect((await eventsOf(c.id)).data.some((e) => e.event === "maddeler_yanitlandi")).toBe(false);

    const signed = await sign(["kvkk", "arastirma"]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const events = (await eventsOf(c.id)).data;
    const answered = events.filter((e) => e.event === "maddeler_yanitlandi");
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ actor: "signer", data: { accepted: ["kvkk", "arastirma"], declined: ["foto"] } });
    const names = events.map((e) => e.event);
    expect(names.indexOf("maddeler_yanitlandi")).toBeLessThan(names.indexOf("imzalandi"));

    const done = await consentOf(c.id);
    expect(done.status).toBe("completed");
    expect(done.clauses).toEqual([
      { code: "kvkk", text: kvkk.metin, required: true, accepted: true },
      { code: "foto", text: foto.metin, required: false, accepted: false },
      { code: "arastirma", text: arastirma.metin, required: false, accepted: true },
    ]);
    // The list carries it too.
    const list = await call<{ data: WithClauses[] }>("GET", `/v1/consents?external_ref=${encodeURIComponent(String(c.external_ref))}&limit=200`);
    expect(list.body.data.find((x) => x.id === c.id)?.clauses).toEqual(done.clauses);

    // The PDF prints each clause with its answer.
    expect(done.document).not.toBeNull();
    const file = path.join(run.dataDir, `${c.id}-clauses.pdf`);
    fs.writeFileSync(file, Buffer.from(await (await fetch(done.document!.pdf_url)).arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    fs.rmSync(file);
    expect(text).toContain("Onam maddeleri");
    const at = (s: string) => text.indexOf(s);
    for (const m of [kvkk, foto, arastirma]) expect(at(m.metin), m.kod).toBeGreaterThan(-1);
    // Each clause is followed by its own answer, before the next clause.
    const between = (a: string, b: string) => text.slice(at(a) + a.length, at(b));
    expect(between(kvkk.metin, foto.metin)).toMatch(/Kabul edildi(?! edilmedi)/);
    expect(between(kvkk.metin, foto.metin)).toContain("zorunlu");
    expect(between(foto.metin, arastirma.metin)).toContain("Kabul edilmedi");
    const last = text.slice(at(arastirma.metin) + arastirma.metin.length, at(arastirma.metin) + arastirma.metin.length + 40);
    expect(last, last).toMatch(/^\s*Kabul edildi(?! edilmedi)/);
  });

  it("asks a consent in English the English clauses and records them in English", async () => {
    const c = await createConsent(consentBody(kod, { dil: "en" }));
    const session = await verifiedSession(tokenOf(c), c.id);
    const page = await (await fetch(`${run.url}/s/${tokenOf(c)}`, { headers: { Cookie: session } })).text();
    expect(page).toContain(en.maddeler[1]!.metin);
    const res = await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true, maddeler: ["kvkk"] }, session, run.url, { waitForDocument: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await consentOf(c.id)).clauses).toEqual([
      { code: "kvkk", text: en.maddeler[0]!.metin, required: true, accepted: true },
      { code: "foto", text: en.maddeler[1]!.metin, required: false, accepted: false },
      { code: "arastirma", text: en.maddeler[2]!.metin, required: false, accepted: false },
    ]);
  });

  it("signs a version without clauses as before: no event, clauses stays null", async () => {
    const plain = uniq("maddesiz");
    expect((await call("POST", "/v1/templates", { body: { kod: plain, baslik: "S", govde: "<p>{adsoyad}</p>", yayimla: true } })).status).toBe(201);
    const c = await createConsent(consentBody(plain));
    const session = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, session, run.url, { waitForDocument: false })).status).toBe(200);
    expect((await consentOf(c.id)).clauses).toBeNull();
    expect((await eventsOf(c.id)).data.some((e) => e.event === "maddeler_yanitlandi")).toBe(false);
  });
});
