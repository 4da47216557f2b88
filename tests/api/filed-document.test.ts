// decisions §25, on the shared run's server: a consent every party signs (the person, an interpreter,
// a witness, the informing physician) — its evidence recomputed here from the contract, each
// signature's digest bound in its record in §19's order, the DSS's revocation data issued after the
// signature — and the document a clinic files, read back with pdftotext: what it is, said on its
// first page, and TEST on every page under the built-in seal and TSA.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { canonicalize } from "json-canonicalize";
import { beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, run } from "./client";
import { consentBody, eventsOf, uniq, type Consent, type EventsResponse } from "./consent-helpers";
import { crlThisUpdate, detach, dssCrls, pdfsig, signatureOf, signatureTimestamp, tokenTime } from "./pdf-seal";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { pdfInfo, structText, structTree, flatten } from "@/tests/fixtures/pdf-structure";

type Record_ = EventsResponse["data"][number];
type Documented = Consent & { document: { sha256: string; pdf_url: string } | null };

const work = path.join(run.dataDir, `filed-${randomBytes(3).toString("hex")}`);
fs.mkdirSync(work, { recursive: true });
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");
const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
/** A wall-clock time in the service's zone (Europe/Istanbul, UTC+3), `ms` from now. */
const wallClock = (ms: number) => new Date(Date.now() + ms + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
const documented = (id: string) =>
  eventually(async () => {
    const c = (await call<Documented>("GET", `/v1/consents/${id}`)).body;
    return c.document ? c : null;
  }, DOCUMENT_WAIT_MS);
async function pdfOf(c: Documented, name: string): Promise<string> {
  const file = path.join(work, name);
  fs.writeFileSync(file, Buffer.from(await (await fetch(c.document!.pdf_url)).arrayBuffer()));
  return file;
}
const pagesOf = (file: string) =>
  execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    .split("\f")
    .slice(0, -1)
    .map((p) => p.replace(/\s+/g, " "));

/**
 * The chain as decisions §6 defines it, recomputed here from the served records alone: seq from 1,
 * prev_hash the previous hash (null first), hash = SHA-256 of the JCS of the record without `hash`.
 */
function recomputedChain(records: readonly Record_[]): boolean {
  let prev: string | null = null;
  return records.every((r, i) => {
    const { hash, ...unsigned } = r;
    const ok = r.seq === i + 1 && r.prev_hash === prev && sha256(canonicalize(unsigned)) === hash;
    prev = hash;
    return ok;
  });
}

describe("every party bound into the evidence, and the document that says what it is", { timeout: 180_000 }, () => {
  let every: Documented;
  let file: string;
  const images = { person: "", interpreter: "", witness: "", physician: "" };

  beforeAll(async () => {
    const kod = uniq("hepsi");
    const t = await call("POST", "/v1/templates", {
      body: {
        kod,
        baslik: "Cerrahi Girişim Onamı",
        govde: "<p>{adsoyad} için {islem} yapılacaktır; riskleri {hekim} anlattı.</p>",
        ceviriler: { en: { baslik: "Surgical Consent", govde: "<p>{islem} will be performed for {adsoyad}; {hekim} explained the risks.</p>" } },
        yayimla: true,
        hekim_imzasi: true,
        dokuman_kodu: "HD.RB.01",
      },
    });
    expect(t.status, t.text).toBe(201);
    for (const k of Object.keys(images) as (keyof typeof images)[]) images[k] = await signaturePng(`${k} imzası`);
    const created = await call<Documented>("POST", "/v1/consents", {
      body: consentBody(kod, { dil: "en", tercuman_ad: "Ayşe Tercüman", tanik_ad: "Hemşire Elif Demir", hekim: "Dr. Şule Işık", islem: "Appendectomy", dogum_tarih: "1980-04-23", dis_hasta_id: "PRT-778899", degiskenler: {} }),
    });
    expect(created.status, created.text).toBe(201);
    const c = created.body;
    const cookie = await verifiedSession(tokenOf(c), c.id);
    const signed = await signer(tokenOf(c), "sign", { signature: images.person, interpreter_signature: images.interpreter, witness_signature: images.witness, read: true, understood: true }, cookie);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const res = await call("POST", `/v1/consents/${c.id}/countersign`, {
      body: { hekim_ad: "Dr. Şule Işık", hekim_tescil_no: "TR-123456", bilgilendirme_zamani: wallClock(-60 * 60_000), imza: images.physician },
    });
    expect(res.status, res.text).toBe(200);
    every = await documented(c.id);
    file = await pdfOf(every, "every.pdf");
  });

  it("names the consent in its first record, so two consents begun in the same second never share a first hash", async () => {
    const [first] = (await eventsOf(every.id)).data;
    expect(first).toMatchObject({ seq: 1, event: "olusturuldu", data: { consent_id: every.id } });
    const kod = every.template.code;
    const [a, b] = await Promise.all([1, 2].map(async () => (await call<Consent>("POST", "/v1/consents", { body: consentBody(kod, { degiskenler: {} }) })).body));
    const [fa, fb] = [(await eventsOf(a!.id)).data[0]!, (await eventsOf(b!.id)).data[0]!];
    expect([fa.data.consent_id, fb.data.consent_id]).toEqual([a!.id, b!.id]);
    expect(fa.hash).not.toBe(fb.hash);
  });

  it("records the person, the interpreter, the witness, then the physician, each with their own image's SHA-256, and the chain recomputes", async () => {
    const evs = (await eventsOf(every.id)).data;
    expect(recomputedChain(evs)).toBe(true);
    const signing = evs.filter((e) => ["imzalandi", "tercuman_imzaladi", "tanik_imzaladi", "hekim_imzaladi"].includes(e.event));
    expect(signing.map((e) => e.event)).toEqual(["imzalandi", "tercuman_imzaladi", "tanik_imzaladi", "hekim_imzaladi"]);
    const [person, interpreter, witness, physician] = signing;
    expect(person!.data).toMatchObject({ method: "drawn", signature_sha256: sha256(dataUrlBytes(images.person)) });
    expect(interpreter!.data).toEqual({ ad: "Ayşe Tercüman", signature_sha256: sha256(dataUrlBytes(images.interpreter)) });
    expect(witness!.data).toEqual({ ad: "Hemşire Elif Demir", signature_sha256: sha256(dataUrlBytes(images.witness)) });
    expect(physician!.data).toMatchObject({ ad: "Dr. Şule Işık", signature_sha256: sha256(dataUrlBytes(images.physician)) });
    // kanit.json in the PDF holds the same records through the physician's, recomputable alone.
    const kanit = JSON.parse(detach(file, path.join(work, "every-files"))["kanit.json"]!.toString("utf8")) as { consent_id: string; status_url: string; events: Record_[] };
    expect(kanit.consent_id).toBe(every.id);
    expect(kanit.status_url).toMatch(new RegExp(`^https?://\\S+/dogrula/${every.id}$`));
    expect(recomputedChain(kanit.events)).toBe(true);
    expect(kanit.events.at(-1)).toEqual(physician);
  });

  it("carries in the DSS revocation data issued at or after the signature time-stamp", async () => {
    const pdf = fs.readFileSync(file);
    expect(pdfsig(file)).toContain("Signature is Valid");
    const stamp = signatureTimestamp(signatureOf(pdf, 0).cms);
    expect(stamp).not.toBeNull();
    const signedAt = tokenTime(stamp!.token, work);
    const crls = await dssCrls(pdf);
    expect(crls.length).toBeGreaterThan(0);
    for (const crl of crls) expect(crlThisUpdate(crl, work).getTime()).toBeGreaterThanOrEqual(signedAt.getTime());
  });

  it("says on its first page what it is: the seal, the time-stamp, how each party signed, where to verify; TEST on every page", () => {
    const pages = pagesOf(file);
    const first = pages[0]!;
    expect(first).toMatch(/Elektronik mühür: .*e-Onam Yerel Test Mührü.* — \d\d\.\d\d\.\d{4} \d\d:\d\d \(GMT\+03:00\) \(PAdES, PDF\/A-3\)/);
    for (const said of [
      "Bu belge nedir",
      "Zaman damgası: Yerleşik test zaman damgası sunucusu (RFC 3161)",
      "Kişi imzasını ekrana çizdi; SMS ile doğrulanmış telefona gönderilen tek kullanımlık kodla teyit edildi. Bu imza 5070 sayılı Kanun anlamında güvenli (nitelikli) elektronik imza değildir.",
      "Tercüman imzasını aynı cihazda ekrana çizdi",
      "Tanık imzasını aynı cihazda ekrana çizdi",
      "Bilgilendirmeyi yapan hekim imzasını ekrana çizerek imzaladı",
      `/dogrula/${every.id}`,
    ]) {
      expect(first).toContain(said);
    }
    // the built-in seal and TSA: every page says the document has no legal validity; every page's
    // header carries the SKS document control (decisions §25)
    pages.forEach((page, i) => {
      expect(page).toContain("TEST — yasal geçerliliği yoktur");
      expect(page).toMatch(new RegExp(`Doküman kodu: HD\\.RB\\.01 · Yayın tarihi: \\d\\d\\.\\d\\d\\.\\d{4} · Revizyon no: 1 · Sayfa ${i + 1} / ${pages.length}`));
    });
    // no claim of a law-5070 signature for a drawn one
    expect(pages.join(" ")).not.toContain("elektronik olarak imzalanmıştır");
  });

  it("is a tagged PDF as served, sealed: headings, the person's table, every party's signature a described figure (issue #50)", async () => {
    const pdf = fs.readFileSync(file);
    expect(pdfInfo(pdf)).toMatch(/^Tagged:\s+yes$/m);
    const tree = structText(pdf);
    expect(tree).toMatch(/^ {2}H1 \(block\)\n {4}"Surgical Consent"$/m);
    expect(tree).toMatch(/^ {2}Table \(block\)$/m);
    const alts = flatten(await structTree(pdf)).filter((n) => n.type === "Figure").map((n) => n.alt);
    for (const name of ["Ayşe Tercüman", "Hemşire Elif Demir", "Dr. Şule Işık"]) expect(alts.some((a) => a?.includes(name))).toBe(true);
    expect(alts.some((a) => a?.startsWith("QR kod: ") && a.includes(`/dogrula/${every.id}`))).toBe(true);
  });

  it("prints the birth date and the patient number, and the Turkish text as an annex after the signatures", () => {
    const text = pagesOf(file).join(" ");
    // (the person's block is a grid: labels and values on lines of their own in pdftotext's layout)
    for (const shown of ["Doğum tarihi / Date of birth", "23.04.1980", "Hasta / protokol no / Patient / protocol no", "PRT-778899"]) expect(text).toContain(shown);
    const annex = text.indexOf("Ek: Onam metninin Türkçesi / Annex: the consent text in Turkish");
    expect(annex).toBeGreaterThan(text.indexOf("Bilgilendirmeyi yapan hekim"));
    expect(text.slice(annex)).toContain("Ayşe Yılmaz için Appendectomy yapılacaktır; riskleri Dr. Şule Işık anlattı.");
    // the text the person signed stays the English one
    expect(text.slice(0, annex)).toContain("Appendectomy will be performed for Ayşe Yılmaz; Dr. Şule Işık explained the risks.");
  });

  it("prints the informing physician's block when no countersignature was required", async () => {
    const created = await call<Documented>("POST", "/v1/consents", { body: consentBody(every.template.code, { hekim_imzasi: false, hekim: "Dr. Kemal Sunal", islem: "Biopsi", degiskenler: {} }) });
    expect(created.status, created.text).toBe(201);
    const c = created.body;
    const cookie = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "sign", { typed_name: "Ayşe Yılmaz", read: true, understood: true }, cookie)).status).toBe(200);
    const text = pagesOf(await pdfOf(await documented(c.id), "no-countersign.pdf")).join(" ");
    expect(text).toMatch(/Bilgilendirmeyi yapan hekim.*Bu onam için hekimin imzası istenmedi.*Dr\. Kemal Sunal/);
    expect(text).toContain("Kişi adını yazarak imzaladı");
    expect(text).not.toContain("Ek: Onam metninin Türkçesi");
  });
});
