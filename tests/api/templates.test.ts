// Templates over REST: scopes, tenant isolation, versioning, sanitization, body and idempotency errors.
import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem, keys } from "./client";

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const uniq = (p: string) => `${p}-${randomBytes(4).toString("hex")}`;

function newTemplate(kod: string, extra: Record<string, unknown> = {}) {
  return {
    kod,
    baslik: "Diş Çekimi Onam Formu",
    kategori: "dis",
    govde: "<p>Sayın {adsoyad}, {dis_no} numaralı dişiniz çekilecektir.</p>",
    yayimla: true,
    degiskenler: [
      { ad: "dis_no", etiket: "Diş numarası", tip: "sayi", zorunlu: true },
      { ad: "not", etiket: "Not", tip: "metin", zorunlu: false, varsayilan: "yok" },
    ],
    ...extra,
  };
}

type Detail = Record<string, unknown> & { version: number; content_hash: string; body: string; variables: unknown[] };

describe("POST /v1/templates", () => {
  it("creates and publishes version 1, answering 201 with the detail", async () => {
    const kod = uniq("cekim");
    const res = await call<Detail>("POST", "/v1/templates", { key: keys.sablon_yaz, body: newTemplate(kod) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      code: kod,
      title: "Diş Çekimi Onam Formu",
      category: "dis",
      type: "onam",
      active: true,
      version: 1,
      body_type: "html",
      content_hash: sha256("<p>Sayın {adsoyad}, {dis_no} numaralı dişiniz çekilecektir.</p>"),
      wet_signature_required: false,
      // decisions §19: no countersignature unless asked for
      physician_countersign: false,
      published_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      // decisions §25: SKS document control — the first publication is revision 1; no code given
      revision: 1,
      document_code: null,
      // decisions §17: no translations, Turkish only
      languages: ["tr"],
      content_hashes: { tr: sha256("<p>Sayın {adsoyad}, {dis_no} numaralı dişiniz çekilecektir.</p>") },
      body: "<p>Sayın {adsoyad}, {dis_no} numaralı dişiniz çekilecektir.</p>",
      // decisions §22: no read-aloud recording yet
      audio: {},
      variables: [
        { name: "dis_no", label: "Diş numarası", type: "sayi", required: true },
        { name: "not", label: "Not", type: "metin", required: false, default: "yok" },
      ],
      // decisions §22: no teach-back questions
      questions: { tr: 0 },
      teach_back: {},
      // issue #52: Sayın 2, numaralı 4, dişiniz 3, çekilecektir 5 syllables (the placeholders left out):
      // 198.825 − 40.175 × 14/4 − 2.610 × 4/1 = 198.825 − 140.6125 − 10.44 = 47.7725 → 47.8
      readability: 47.8,
      // decisions §26: no clauses
      clauses: {},
    });
  });

  it("keeps an unpublished template at version 0 with has_draft", async () => {
    const kod = uniq("taslak");
    const res = await call<Detail>("POST", "/v1/templates", { body: newTemplate(kod, { yayimla: false }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ version: 0, published_at: null, has_draft: true });
  });

  it("refuses an existing code with 409 invalid_state, but another tenant may use it", async () => {
    const kod = uniq("ayni");
    expect((await call("POST", "/v1/templates", { body: newTemplate(kod) })).status).toBe(201);
    expectProblem(await call("POST", "/v1/templates", { body: newTemplate(kod) }), 409, "invalid_state");
    expect((await call("POST", "/v1/templates", { key: keys.other, body: newTemplate(kod) })).status).toBe(201);
  });

  it("validates fields with 422 validation_failed naming each", async () => {
    const res = await call("POST", "/v1/templates", {
      body: { kod: "bad code!", baslik: "", govde: "<p>x</p>", degiskenler: [{ ad: "1x", tip: "renk" }] },
    });
    const p = expectProblem(res, 422, "validation_failed");
    expect(Object.keys(p.errors as object)).toEqual(expect.arrayContaining(["kod", "baslik", "degiskenler.0.ad", "degiskenler.0.tip"]));
  });

  it("answers 400 for a body that is not a JSON object, 415 for another media type, 413 over 1 MiB", async () => {
    expectProblem(await call("POST", "/v1/templates", { raw: "{not json", headers: { "Content-Type": "application/json" } }), 400, "bad_request");
    expectProblem(await call("POST", "/v1/templates", { raw: "[1,2]", headers: { "Content-Type": "application/json" } }), 400, "bad_request");
    expectProblem(await call("POST", "/v1/templates", { raw: "kod=x", headers: { "Content-Type": "application/x-www-form-urlencoded" } }), 415, "unsupported_media_type");
    const huge = JSON.stringify(newTemplate(uniq("buyuk"), { govde: `<p>${"a".repeat(1024 * 1024)}</p>` }));
    expectProblem(await call("POST", "/v1/templates", { raw: huge, headers: { "Content-Type": "application/json" } }), 413, "payload_too_large");
  });

  it("refuses text the document's font cannot draw, in the body (entities included), a translation or a title, and creates nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ govde: "<p>Sayın {adsoyad}, 拔牙 yapılacaktır.</p>" }, "govde", "拔 (U+62D4), 牙 (U+7259)"],
      [{ govde: "<p>Onay &#x1F9B7; &#29579;</p>" }, "govde", "🦷 (U+1F9B7), 王 (U+738B)"],
      [{ baslik: "Onam 🦷" }, "baslik", "🦷 (U+1F9B7)"],
      [{ ceviriler: { en: { baslik: "Consent", govde: "<p>Tooth 🦷 extraction</p>" } } }, "ceviriler.en.govde", "🦷 (U+1F9B7)"],
    ];
    for (const [extra, field, named] of cases) {
      const kod = uniq("basilamaz");
      const p = expectProblem(await call("POST", "/v1/templates", { body: newTemplate(kod, extra) }), 422, "validation_failed");
      expect(p.errors, JSON.stringify(extra)).toEqual({ [field]: [`belgede basılamayan karakter: ${named}`] });
      expectProblem(await call("GET", `/v1/templates/${kod}`), 404, "not_found");
    }
    // An edit is held to the same rule; what the font draws (Turkish, Arabic, Cyrillic, Greek, the
    // common symbols) passes.
    const kod = uniq("basilir");
    expect((await call("POST", "/v1/templates", { body: newTemplate(kod) })).status).toBe(201);
    const p = expectProblem(await call("PUT", `/v1/templates/${kod}`, { body: { govde: "<p>王</p>", yayimla: true } }), 422, "validation_failed");
    expect(p.errors).toEqual({ govde: ["belgede basılamayan karakter: 王 (U+738B)"] });
    const ok = await call<Detail>("PUT", `/v1/templates/${kod}`, { body: { govde: "<p>Işık ğüşöç — مرحبا Привет Ωμέγα ✓ € № ½</p>", yayimla: true } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.version).toBe(2);
  });

  it("refuses placeholders that are neither declared nor built in (decisions §23), on create, edit and publish, and writes nothing", async () => {
    const unknown = "tanımlanmamış yer tutucu: {girisim_tarihi}, {doz} — değişken olarak tanımlayın ya da metinden çıkarın";
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ govde: "<p>{adsoyad}: {girisim_tarihi} tarihinde {doz} {girisim_tarihi}</p>" }, { govde: [unknown] }],
      [
        { ceviriler: { en: { baslik: "Consent", govde: "<p>{adsoyad} {dis_no} {girisim_tarihi} {doz}</p>" }, de: { baslik: "Einwilligung", govde: "<p>{kurum}</p>" } } },
        { "ceviriler.en.govde": [unknown] },
      ],
    ];
    for (const [extra, errors] of cases) {
      const kod = uniq("yertutucu");
      const p = expectProblem(await call("POST", "/v1/templates", { body: newTemplate(kod, extra) }), 422, "validation_failed");
      expect(p.errors).toEqual(errors);
      expectProblem(await call("GET", `/v1/templates/${kod}`), 404, "not_found");
    }
    const kod = uniq("yertutucu");
    expect((await call("POST", "/v1/templates", { body: newTemplate(kod) })).status).toBe(201);
    // An edit of the text, a publish, and dropping a variable the text still names are all refused.
    for (const body of [{ govde: "<p>{adsoyad} {doz}</p>" }, { govde: "<p>{adsoyad} {doz}</p>", yayimla: true }, { degiskenler: [] }]) {
      const p = expectProblem(await call("PUT", `/v1/templates/${kod}`, { body }), 422, "validation_failed");
      expect(Object.keys(p.errors as object), JSON.stringify(body)).toEqual(["govde"]);
      expect(JSON.stringify(p.errors)).toMatch(/\{(doz|dis_no)\}/);
    }
    const after = await call<Detail>("GET", `/v1/templates/${kod}`);
    expect(after.body).toMatchObject({ version: 1, body: "<p>Sayın {adsoyad}, {dis_no} numaralı dişiniz çekilecektir.</p>" });
    expect(after.body.has_draft).toBeUndefined();
    // Declaring the name makes the same text acceptable.
    const ok = await call<Detail>("PUT", `/v1/templates/${kod}`, {
      body: { govde: "<p>{adsoyad} {doz}</p>", yayimla: true, degiskenler: [{ ad: "doz", tip: "sayi", zorunlu: true }] },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.version).toBe(2);
  });

  it("refuses a body nested too deep or with too many elements for its document to render in bounded time, and creates nothing", async () => {
    const nested = (n: number) => `${"<div>".repeat(n)}Metin${"</div>".repeat(n)}`;
    const cases: [Record<string, unknown>, string, string][] = [
      // 10 000 levels (110 KB) once reached a recursive walk of the tree: a 500, now a 422.
      [{ govde: nested(10_000) }, "govde", "en çok 32 iç içe HTML öğesi olabilir"],
      [{ govde: `<p>${"<b>".repeat(32)}x</p>` }, "govde", "en çok 32 iç içe HTML öğesi olabilir"],
      // 29 000 bold runs in one paragraph (256 KiB) rendered for 98 s in 3.2 GB.
      [{ govde: `<p>${"<b>x</b> ".repeat(10_000)}</p>` }, "govde", "en çok 10000 HTML öğesi olabilir (10001 var)"],
      [{ ceviriler: { en: { baslik: "Consent", govde: "<li>x</li>".repeat(10_001) } } }, "ceviriler.en.govde", "en çok 10000 HTML öğesi olabilir (10001 var)"],
    ];
    for (const [extra, field, message] of cases) {
      const kod = uniq("agir");
      const p = expectProblem(await call("POST", "/v1/templates", { body: newTemplate(kod, extra) }), 422, "validation_failed");
      expect(p.errors).toEqual({ [field]: [message] });
      expectProblem(await call("GET", `/v1/templates/${kod}`), 404, "not_found");
    }
    // At the limits, accepted; an edit past them is refused like a new template.
    const kod = uniq("sinirda");
    const atLimit = await call<Detail>("POST", "/v1/templates", { body: newTemplate(kod, { govde: nested(32) + "<p>x</p>".repeat(9_968) }) });
    expect(atLimit.status, atLimit.text.slice(0, 300)).toBe(201);
    const p = expectProblem(await call("PUT", `/v1/templates/${kod}`, { body: { govde: nested(33), yayimla: true } }), 422, "validation_failed");
    expect(p.errors).toEqual({ govde: ["en çok 32 iç içe HTML öğesi olabilir"] });
  });

  it("stores hostile HTML sanitized, and content_hash digests the stored body", async () => {
    const kod = uniq("zararli");
    const govde =
      `<h2 onclick="alert(1)">Başlık</h2><script>alert("x")</script><p style="background:url(https://evil/x.png)">Metin {adsoyad}</p>` +
      `<img src=x onerror="alert(1)"><iframe src="https://evil"></iframe><a href="javascript:alert(1)">tık</a>` +
      `<a href="https://example.com/bilgi">bilgi</a><form action="https://evil"><input name="tc"></form><svg onload="alert(1)"></svg>`;
    const res = await call<Detail>("POST", "/v1/templates", { body: newTemplate(kod, { govde }) });
    expect(res.status).toBe(201);
    const body = res.body.body;
    for (const bad of ["<script", "onclick", "onerror", "onload", "<iframe", "javascript:", "<form", "<input", "url(", "<img", "<svg"]) {
      expect(body.toLowerCase()).not.toContain(bad);
    }
    expect(body).toContain("<h2>Başlık</h2>");
    expect(body).toContain("Metin {adsoyad}");
    expect(body).toContain('href="https://example.com/bilgi"');
    expect(res.body.content_hash).toBe(sha256(body));
    const read = await call<Detail>("GET", `/v1/templates/${kod}`);
    expect(read.body.body).toBe(body);
  });
});

describe("PUT /v1/templates/{kod} and versioning", () => {
  it("edits a draft without touching the published version, then publishes version 2", async () => {
    const kod = uniq("surum");
    const v1 = await call<Detail>("POST", "/v1/templates", { body: newTemplate(kod) });
    const v1Hash = v1.body.content_hash;

    const draft = await call<Detail>("PUT", `/v1/templates/${kod}`, {
      key: keys.sablon_yaz,
      body: { govde: "<p>Yeni metin {adsoyad}</p>", baslik: "Yeni başlık" },
    });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body).toMatchObject({ version: 1, content_hash: v1Hash, title: "Diş Çekimi Onam Formu", has_draft: true });

    const list = await call<{ data: Detail[] }>("GET", "/v1/templates");
    expect(list.body.data.find((t) => t.code === kod)).toMatchObject({ version: 1, content_hash: v1Hash, has_draft: true });

    const v2 = await call<Detail>("PUT", `/v1/templates/${kod}`, { body: { yayimla: true } });
    expect(v2.status).toBe(200);
    expect(v2.body).toMatchObject({ version: 2, title: "Yeni başlık", body: "<p>Yeni metin {adsoyad}</p>", content_hash: sha256("<p>Yeni metin {adsoyad}</p>") });
    expect(v2.body.has_draft).toBeUndefined();

    const v3 = await call<Detail>("PUT", `/v1/templates/${kod}`, { body: { govde: "<p>Üçüncü</p>", yayimla: true } });
    expect(v3.body).toMatchObject({ version: 3, content_hash: sha256("<p>Üçüncü</p>") });
  });

  it("keeps the SKS document code, and a revision and publication date per published version (decisions §25)", async () => {
    const kod = uniq("sks");
    const v1 = await call<Detail>("POST", "/v1/templates", { body: { ...newTemplate(kod), dokuman_kodu: " HD.RB.01 " } });
    expect(v1.status, v1.text).toBe(201);
    expect(v1.body).toMatchObject({ version: 1, revision: 1, document_code: "HD.RB.01" });
    // a code-only change published is a new revision
    const v2 = await call<Detail>("PUT", `/v1/templates/${kod}`, { body: { dokuman_kodu: "HD.RB.02", yayimla: true } });
    expect(v2.status, v2.text).toBe(200);
    expect(v2.body).toMatchObject({ version: 2, revision: 2, document_code: "HD.RB.02" });
    const detail = await call<Detail & { versions: { version: number; revision: number; published_at: string }[] }>("GET", `/v1/templates/${kod}`);
    expect(detail.body.document_code).toBe("HD.RB.02");
    expect(detail.body.versions).toEqual([
      { version: 2, revision: 2, published_at: detail.body.published_at },
      { version: 1, revision: 1, published_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
    ]);
    const list = await call<{ data: Detail[] }>("GET", "/v1/templates");
    expect(list.body.data.find((t) => t.code === kod)).toMatchObject({ revision: 2, document_code: "HD.RB.02" });
    const long = await call<{ errors: Record<string, string[]> }>("PUT", `/v1/templates/${kod}`, { body: { dokuman_kodu: "K".repeat(41) } });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(["dokuman_kodu"]);
  });

  it("answers 404 for an unknown code and validates the body", async () => {
    expectProblem(await call("PUT", "/v1/templates/yok-boyle-bir-sablon", { body: { baslik: "x" } }), 404, "not_found");
    const kod = uniq("gecersiz");
    await call("POST", "/v1/templates", { body: newTemplate(kod) });
    expectProblem(await call("PUT", `/v1/templates/${kod}`, { body: { degiskenler: [{ ad: "doz" }, { ad: "doz" }] } }), 422, "validation_failed");
  });
});

describe("GET /v1/templates", () => {
  it("lists with { data, count } and reads a detail with variables", async () => {
    const kod = uniq("liste");
    await call("POST", "/v1/templates", { body: newTemplate(kod) });
    const list = await call<{ data: Detail[]; count: number }>("GET", "/v1/templates", { key: keys.sablon_oku });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(list.body.data.length);
    const item = list.body.data.find((t) => t.code === kod)!;
    expect(Object.keys(item).sort()).toEqual(
      ["active", "body_type", "category", "code", "content_hash", "content_hashes", "document_code", "languages", "physician_countersign", "published_at", "revision", "title", "type", "version", "wet_signature_required"].sort(),
    );
    const detail = await call<Detail>("GET", `/v1/templates/${kod}`, { key: keys.sablon_oku });
    expect(detail.body.variables).toHaveLength(2);
  });

  it("hides another tenant's templates: 404, and absent from the list", async () => {
    const kod = uniq("gizli");
    await call("POST", "/v1/templates", { key: keys.other, body: newTemplate(kod) });
    expectProblem(await call("GET", `/v1/templates/${kod}`), 404, "not_found");
    expectProblem(await call("PUT", `/v1/templates/${kod}`, { body: { baslik: "ele geçir" } }), 404, "not_found");
    const list = await call<{ data: Detail[] }>("GET", "/v1/templates");
    expect(list.body.data.some((t) => t.code === kod)).toBe(false);
  });
});

describe("scopes", () => {
  const kod = "scope-matrix";
  const cases: [string, string, keyof typeof keys, number][] = [
    ["GET", "/v1/templates", "sablon_oku", 200],
    ["GET", "/v1/templates", "sablon_yaz", 403],
    ["GET", "/v1/templates", "onam_yaz", 403],
    ["GET", "/v1/templates", "onam_oku", 403],
    ["GET", `/v1/templates/${kod}`, "sablon_oku", 200],
    ["GET", `/v1/templates/${kod}`, "sablon_yaz", 403],
    ["GET", `/v1/templates/${kod}`, "onam_oku", 403],
    ["POST", "/v1/templates", "sablon_oku", 403],
    ["POST", "/v1/templates", "onam_yaz", 403],
    ["PUT", `/v1/templates/${kod}`, "sablon_yaz", 200],
    ["PUT", `/v1/templates/${kod}`, "sablon_oku", 403],
    ["PUT", `/v1/templates/${kod}`, "onam_yaz", 403],
    ["GET", "/v1/me", "onam_yaz", 200],
    ["GET", "/v1/me", "sablon_oku", 200],
  ];
  beforeAll(async () => {
    expect((await call("POST", "/v1/templates", { body: newTemplate(kod) })).status).toBe(201);
  });
  it.each(cases)("%s %s with %s → %i", async (method, path, key, status) => {
    const body = method === "GET" ? undefined : method === "POST" ? newTemplate(uniq("scope")) : { baslik: "Kapsam" };
    const res = await call(method, path, { key: keys[key], body });
    if (status === 403) expectProblem(res, 403, "forbidden_scope");
    else expect(res.status, res.text).toBe(status);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response for the same body and creates once", async () => {
    const kod = uniq("idem");
    const headers = { "Idempotency-Key": `create-${kod}` };
    const first = await call<Detail>("POST", "/v1/templates", { body: newTemplate(kod), headers });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await call<Detail>("POST", "/v1/templates", { body: newTemplate(kod), headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("answers 409 idempotency_conflict for the same key with another body", async () => {
    const kod = uniq("idem2");
    const headers = { "Idempotency-Key": `k-${kod}` };
    await call("POST", "/v1/templates", { body: newTemplate(kod), headers });
    expectProblem(await call("POST", "/v1/templates", { body: newTemplate(`${kod}-b`), headers }), 409, "idempotency_conflict");
  });

  it("replays an error response too, and scopes keys per API key", async () => {
    const headers = { "Idempotency-Key": "bad-request-1" };
    const bad = { kod: "x!" };
    expectProblem(await call("POST", "/v1/templates", { body: bad, headers }), 422, "validation_failed");
    const replay = await call("POST", "/v1/templates", { body: bad, headers });
    expectProblem(replay, 422, "validation_failed");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    // the same key string from another API key is independent
    const kod = uniq("idem3");
    expect((await call("POST", "/v1/templates", { key: keys.other, body: newTemplate(kod), headers })).status).toBe(201);
  });

  it("refuses an over-long key", async () => {
    expectProblem(
      await call("POST", "/v1/templates", { body: newTemplate(uniq("idem4")), headers: { "Idempotency-Key": "k".repeat(256) } }),
      400,
      "bad_request",
    );
  });
});
