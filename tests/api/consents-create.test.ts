// POST /v1/consents: every body rule, rendering and its digest, SMS, template availability.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem, keys } from "./client";
import { consentBody, createConsent, createTestTemplate, e164, eventsOf, outbox, quotaOf, sha256, todayIstanbul, uniq, type Consent } from "./consent-helpers";

let kod: string;
beforeAll(async () => {
  kod = await createTestTemplate();
});

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

describe("creating a consent", () => {
  it("answers 201 with the full consent object", async () => {
    const ref = uniq("prot");
    const c = await createConsent(
      consentBody(kod, {
        tc: "10000000146",
        dogum_tarih: "1990-05-17",
        hekim: "Dr. Mehmet Öz",
        islem: "Diş çekimi",
        dis_ref: ref,
        dis_hasta_id: "H-42",
        gecerlilik_saat: 48,
      }),
    );
    expect(c).toEqual({
      id: expect.stringMatching(/^ons_\d{6}_[a-z0-9]{12,}$/),
      status: "sent",
      status_text: "Gönderildi",
      external_ref: ref,
      external_patient_id: "H-42",
      patient: { name: "Ayşe Yılmaz", tc_masked: "100******46", phone: "+90532*****67" },
      approver: { type: "hasta", name: null, relation: null },
      physician: "Dr. Mehmet Öz",
      procedure: "Diş çekimi",
      animal: null,
      template: { code: kod, version: 1, content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      language: "tr",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      signed_at: null,
      rejected_at: null,
      cancelled_at: null,
      reject_reason: null,
      cancel_reason: null,
      withdrawn_at: null,
      withdraw_reason: null,
      withdrawal_receipt: null,
      physician_countersign: null,
      witness: null,
      interpreter: null,
      document: null,
      timestamp: { status: "none", error: "" },
      link: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{43,}$/), short: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/k\/[A-Za-z0-9]{7,10}$/) },
      purged: false,
      reconsent_required: false,
      previous_id: null,
      replaced_by: null,
      // decisions §22: no teach-back questions asked
      comprehension: null,
      // decisions §26: not signed yet
      clauses: null,
    });
    expect(c.id.slice(4, 10)).toBe(todayIstanbul().replace(/-/g, "").slice(2));
    const hours = (Date.parse(c.expires_at.replace(" ", "T") + "Z") - Date.parse(c.created_at.replace(" ", "T") + "Z")) / 3_600_000;
    expect(hours).toBe(48);
  });

  it("digests exactly the rendered text: placeholders filled, values HTML-escaped, defaults applied", async () => {
    const name = `Ali <b>"Veli"</b> & Oğlu`;
    const c = await createConsent(
      consentBody(kod, { adsoyad: name, hekim: "Dr. Ş", islem: "Kanal <tedavisi>", onaylayan_tip: "veli", onaylayan_ad: "Fatma Yılmaz", yakinlik: "anne" }),
    );
    const expected = `<p>Sayın ${esc(name)} (, ), Acme Diş Kliniği bünyesinde Dr. Ş tarafından 36 numaralı dişe ${esc("Kanal <tedavisi>")} yapılacaktır. Anestezi: lokal. Not: . Onaylayan: Fatma Yılmaz anne. Hayvan:  . Tarih: ${todayIstanbul().split("-").reverse().join(".")}</p>`; // decisions §25: {tarih} as dd.MM.yyyy
    expect(c.template.content_sha256).toBe(sha256(expected));
    expect(c.approver).toEqual({ type: "veli", name: "Fatma Yılmaz", relation: "anne" });
  });

  it("keeps its frozen version and digest when the template is published again", async () => {
    const own = await createTestTemplate();
    const before = await createConsent(consentBody(own));
    const put = await call("PUT", `/v1/templates/${own}`, { body: { govde: "<p>Yeni sürüm {adsoyad}</p>", yayimla: true } });
    expect(put.status).toBe(200);
    const read = await call<Consent>("GET", `/v1/consents/${before.id}`);
    expect(read.body.template).toEqual(before.template);
    const after = await createConsent(consentBody(own));
    expect(after.template.version).toBe(2);
    expect(after.template.content_sha256).toBe(sha256("<p>Yeni sürüm Ayşe Yılmaz</p>"));
  });

  it("is also served at the alias POST /v1/consent/create", async () => {
    const res = await call<Consent>("POST", "/v1/consent/create", { body: consentBody(kod) });
    expect(res.status).toBe(201);
    expect((await call("GET", `/v1/consents/${res.body.id}`)).status).toBe(200);
  });

  it("lets a parent or guardian approve without a name, as the body table allows", async () => {
    const c = await createConsent(consentBody(kod, { onaylayan_tip: "veli" }));
    expect(c.approver).toEqual({ type: "veli", name: null, relation: null });
    // external_ref is a string in the spec's consent table: "" when no dis_ref was given.
    expect(c.external_ref).toBe("");
  });

  it("fills a declared variable named like a built-in from the consent, and never requires it", async () => {
    const own = uniq("yerlesik");
    const created = await call("POST", "/v1/templates", {
      body: {
        kod: own,
        baslik: "Yerleşik adlar",
        govde: "<p>{islem} / {hekim}</p>",
        yayimla: true,
        degiskenler: [
          { ad: "islem", etiket: "İşlem", tip: "metin", zorunlu: true },
          { ad: "hekim", etiket: "Hekim", tip: "metin", zorunlu: true, varsayilan: "Nöbetçi hekim" },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const given = await createConsent(consentBody(own, { islem: "Diş çekimi", hekim: "Dr. Ş" }));
    expect(given.template.content_sha256).toBe(sha256("<p>Diş çekimi / Dr. Ş</p>"));
    const absent = await createConsent(consentBody(own));
    expect(absent.template.content_sha256).toBe(sha256("<p> / Nöbetçi hekim</p>"));
  });

  it("records animal details for veterinary consents", async () => {
    const c = await createConsent(consentBody(kod, { onaylayan_tip: "sahip", hayvan_ad: "Pamuk", hayvan_tur: "kedi" }));
    expect(c.animal).toEqual({ name: "Pamuk", species: "kedi" });
  });

  it("normalizes every common writing of a Turkish mobile number", async () => {
    for (const telefon of ["+90 532 123 45 67", "0090 532 123 45 67", "532 123 45 67", "05321234567"]) {
      const c = await createConsent(consentBody(kod, { telefon }));
      expect(c.patient.phone).toBe("+90532*****67");
    }
  });
});

describe("validation", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["a short name", { adsoyad: "Al" }, "adsoyad"],
    ["a missing name", { adsoyad: undefined }, "adsoyad"],
    ["a landline", { telefon: "0212 123 45 67" }, "telefon"],
    ["a foreign number", { telefon: "+44 7700 900123" }, "telefon"],
    ["a bad national id checksum", { tc: "10000000147" }, "tc"],
    ["a national id starting with 0", { tc: "01234567890" }, "tc"],
    ["an impossible birth date", { dogum_tarih: "1990-02-30" }, "dogum_tarih"],
    ["a birth date in another format", { dogum_tarih: "17.05.1990" }, "dogum_tarih"],
    ["an unknown approver type", { onaylayan_tip: "komsu" }, "onaylayan_tip"],
    ["zero validity hours", { gecerlilik_saat: 0 }, "gecerlilik_saat"],
    ["721 validity hours", { gecerlilik_saat: 721 }, "gecerlilik_saat"],
    ["fractional validity hours", { gecerlilik_saat: 1.5 }, "gecerlilik_saat"],
    ["validity hours as a string", { gecerlilik_saat: "24" }, "gecerlilik_saat"],
    ["sms_gonder as a string", { sms_gonder: "hayır" }, "sms_gonder"],
    ["a sayi variable that is not a number", { degiskenler: { dis_no: "otuz altı" } }, "degiskenler.dis_no"],
    ["variables that are not an object", { degiskenler: ["36"] }, "degiskenler"],
    ["a name the document's font cannot print", { adsoyad: "王小明" }, "adsoyad"],
    ["a physician the document's font cannot print", { hekim: "Dr. 🦷 Işık" }, "hekim"],
  ];
  it.each(cases)("refuses %s with 422 validation_failed on that field, creating nothing", async (_n, extra, field) => {
    const ref = uniq("invalid");
    const res = await call("POST", "/v1/consents", { body: consentBody(kod, { dis_ref: ref, ...extra }) });
    const p = expectProblem(res, 422, "validation_failed");
    expect(Object.keys(p.errors as object)).toContain(field);
    const list = await call<{ count: number }>("GET", `/v1/consents?external_ref=${ref}`);
    expect(list.body.count).toBe(0);
  });

  it("takes names in every script of its six languages, and names the characters it cannot print", async () => {
    for (const adsoyad of ["Şükrü Çağlar Iğdır", "محمد رضایی", "Иван Петров", "Jérôme Müller", "Nguyễn Văn Anh"]) {
      expect((await call("POST", "/v1/consents", { body: consentBody(kod, { adsoyad }) })).status, adsoyad).toBe(201);
    }
    const p = expectProblem(await call("POST", "/v1/consents", { body: consentBody(kod, { adsoyad: "Li 王小明" }) }), 422, "validation_failed");
    expect(p.errors).toEqual({ adsoyad: ["belgede basılamayan karakter: 王 (U+738B), 小 (U+5C0F), 明 (U+660E)"] });
  });

  it("accepts the bounds 1 and 720 hours", async () => {
    expect((await call("POST", "/v1/consents", { body: consentBody(kod, { gecerlilik_saat: 1 }) })).status).toBe(201);
    expect((await call("POST", "/v1/consents", { body: consentBody(kod, { gecerlilik_saat: 720 }) })).status).toBe(201);
  });

  it("names each missing required variable with 422 missing_variables and creates nothing", async () => {
    const ref = uniq("missing");
    const res = await call("POST", "/v1/consents", { body: consentBody(kod, { dis_ref: ref, degiskenler: { anestezi: "" } }) });
    const p = expectProblem(res, 422, "missing_variables");
    // anestezi has a default, so an empty value falls back to it; dis_no has none.
    expect(p.errors).toEqual({ dis_no: [expect.any(String)] });
    expect(p.detail).toMatch(/dis_no/);
    expect((await call<{ count: number }>("GET", `/v1/consents?external_ref=${ref}`)).body.count).toBe(0);
  });

  it("answers 422 template_unavailable for an unknown, unpublished or another tenant's template", async () => {
    expectProblem(await call("POST", "/v1/consents", { body: consentBody("yok-boyle") }), 422, "template_unavailable");
    const draft = uniq("taslak");
    await call("POST", "/v1/templates", { body: { kod: draft, baslik: "Taslak", govde: "<p>x</p>", yayimla: false } });
    expectProblem(await call("POST", "/v1/consents", { body: consentBody(draft) }), 422, "template_unavailable");
    expectProblem(await call("POST", "/v1/consents", { key: keys.other, body: consentBody(kod) }), 422, "template_unavailable");
    const inactive = await createTestTemplate();
    await call("PUT", `/v1/templates/${inactive}`, { body: { aktif: false } });
    expectProblem(await call("POST", "/v1/consents", { body: consentBody(inactive) }), 422, "template_unavailable");
  });

  it("answers 400 for broken JSON and 415 for a form body", async () => {
    expectProblem(await call("POST", "/v1/consents", { raw: "{", headers: { "Content-Type": "application/json" } }), 400, "bad_request");
    expectProblem(await call("POST", "/v1/consents", { raw: "a=b", headers: { "Content-Type": "application/x-www-form-urlencoded" } }), 415, "unsupported_media_type");
  });

  it("ignores unknown fields", async () => {
    expect((await call("POST", "/v1/consents", { body: consentBody(kod, { bilinmeyen: 1 }) })).status).toBe(201);
  });
});

describe("SMS", () => {
  it("sends the short link through the SMS driver, consuming one unit and recording sms_gonderildi", async () => {
    const before = await quotaOf();
    const body = consentBody(kod, { sms_gonder: true });
    const c = await createConsent(body);
    expect(await quotaOf()).toBe(before - 1);
    const lines = outbox().filter((l) => l.consent_id === c.id);
    expect(lines).toEqual([{ to: e164(body.telefon), body: expect.stringContaining(c.link.short), kind: "link", consent_id: c.id, at: expect.any(String) }]);
    expect(lines[0]!.body).not.toContain("Ayşe");
    const ev = await eventsOf(c.id);
    expect(ev.data.map((e) => e.event)).toEqual(["olusturuldu", "sms_gonderildi"]);
  });

  it("sends nothing and consumes nothing with sms_gonder: false, and the response carries the link", async () => {
    const before = await quotaOf();
    const c = await createConsent(consentBody(kod));
    expect(await quotaOf()).toBe(before);
    expect(outbox().some((l) => l.consent_id === c.id)).toBe(false);
    expect(c.link.url).toMatch(/\/s\//);
  });
});

describe("GET /k/{code}", () => {
  it("redirects the short link to the signing link", async () => {
    const c = await createConsent(consentBody(kod));
    const res = await fetch(c.link.short, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(c.link.url);
    const english = await fetch(`${c.link.short}?lang=en`, { redirect: "manual" });
    expect(english.headers.get("location")).toBe(`${c.link.url}?lang=en`);
    const arabic = await fetch(`${c.link.short}?lang=ar`, { redirect: "manual" });
    expect(arabic.headers.get("location")).toBe(`${c.link.url}?lang=ar`);
    const other = await fetch(`${c.link.short}?lang=xx`, { redirect: "manual" });
    expect(other.headers.get("location")).toBe(c.link.url);
    // An unknown code is a patient's typo: the same 404 page as an unknown signing link, in the HTML itself.
    for (const code of ["Zz9Zz9Zz", "kısa", "x"]) {
      const unknown = await fetch(c.link.short.replace(/\/k\/.*/, `/k/${encodeURIComponent(code)}`), { redirect: "manual" });
      expect(unknown.status, code).toBe(404);
      expect(unknown.headers.get("content-type")).toMatch(/^text\/html/);
      expect(unknown.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      const html = await unknown.text();
      expect(html).toMatch(/<h1[^>]*>Bağlantı bulunamadı<\/h1>/);
      expect(html).toMatch(/<h2[^>]*>Link not found<\/h2>/);
      expect(unknown.headers.get("set-cookie")).toBeNull();
    }
    // The proxy alone tells the route where a code leads: a caller's own header redirects nowhere.
    const forged = { "x-eonam-short-link": "https://example.org/phish" };
    const forgedUnknown = await fetch(c.link.short.replace(/\/k\/.*/, "/k/Zz9Zz9Zz"), { headers: forged, redirect: "manual" });
    expect(forgedUnknown.status).toBe(404);
    expect(forgedUnknown.headers.get("location")).toBeNull();
    expect((await fetch(c.link.short, { headers: forged, redirect: "manual" })).headers.get("location")).toBe(c.link.url);
  });
});
