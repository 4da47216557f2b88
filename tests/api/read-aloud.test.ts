// decisions §22, read aloud: a recording per language of a template's text, bound to that text's
// content hash; refused by type (415), by content (415, whatever the header says) and by size (413);
// listed in the template detail; served to the signing page of a consent of that text only, with
// Range; listening recorded as metin_dinlendi, bounded; and named in the evidence report.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, callDeclaring, eventually, expectProblem, keys, run } from "./client";
import { consentBody, createConsent, eventsOf, uniq, type Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { audioCall, signingAudio, streamedBody } from "./read-aloud-helpers";
import { oggVorbisHead, silentMp3 } from "@/tests/fixtures/audio";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const TR = "<p>Sayın {adsoyad}, diş çekimine onay veriyorum.</p>";
const EN = "<p>Dear {adsoyad}, I consent to the tooth extraction.</p>";
const MP3 = silentMp3(2);
const OGG = oggVorbisHead(6000);
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

type Detail = { version: number; content_hashes: Record<string, string>; audio: Record<string, { content_type: string; bytes: number; sha256: string }> };

async function detail(kod: string): Promise<Detail> {
  const res = await call<Detail>("GET", `/v1/templates/${kod}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function newTemplate(): Promise<string> {
  const kod = uniq("sesli");
  const res = await call("POST", "/v1/templates", {
    body: { kod, baslik: "Diş Çekimi Onamı", govde: TR, yayimla: true, ceviriler: { en: { baslik: "Tooth Extraction Consent", govde: EN } } },
  });
  expect(res.status, res.text).toBe(201);
  return kod;
}

let kod: string;

beforeAll(async () => {
  kod = await newTemplate();
});

describe("uploading a recording", () => {
  it("takes an MP3 and an Ogg, bound to each language's text, and lists them in the detail", async () => {
    const before = await detail(kod);
    expect(before.audio).toEqual({});
    const mp3 = await audioCall("PUT", kod, "tr", { body: MP3, type: "audio/mpeg" });
    expect(mp3.status, mp3.bytes.toString()).toBe(200);
    expect(mp3.json).toEqual({ language: "tr", content_hash: before.content_hashes.tr, content_type: "audio/mpeg", bytes: MP3.length, sha256: sha(MP3) });
    const ogg = await audioCall("PUT", kod, "en", { body: OGG, type: "audio/ogg; codecs=vorbis" });
    expect(ogg.status, ogg.bytes.toString()).toBe(200);
    expect(ogg.json).toMatchObject({ language: "en", content_hash: before.content_hashes.en, content_type: "audio/ogg" });
    expect((await detail(kod)).audio).toEqual({
      tr: { content_type: "audio/mpeg", bytes: MP3.length, sha256: sha(MP3) },
      en: { content_type: "audio/ogg", bytes: OGG.length, sha256: sha(OGG) },
    });
  });

  it("serves it back to a key with sablon:oku, whole or by Range", async () => {
    const whole = await audioCall("GET", kod, "tr", { key: keys.sablon_oku });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.bytes.equals(MP3)).toBe(true);
    const part = await audioCall("GET", kod, "tr", { key: keys.sablon_oku, headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${MP3.length}`);
    expect(part.bytes.equals(MP3.subarray(100, 200))).toBe(true);
  });

  it("replaces the recording of the same text", async () => {
    const k = await newTemplate();
    expect((await audioCall("PUT", k, "tr", { body: MP3, type: "audio/mpeg" })).status).toBe(200);
    const longer = silentMp3(3, { id3: true });
    expect((await audioCall("PUT", k, "tr", { body: longer, type: "audio/mpeg" })).status).toBe(200);
    expect((await detail(k)).audio.tr).toEqual({ content_type: "audio/mpeg", bytes: longer.length, sha256: sha(longer) });
    expect((await audioCall("GET", k, "tr")).bytes.equals(longer)).toBe(true);
  });

  it("refuses another declared type, and HTML or Ogg bytes declared as audio/mpeg, with 415, storing nothing", async () => {
    const k = await newTemplate();
    const problem = async (body: Buffer, type: string | undefined) => {
      const res = await audioCall("PUT", k, "tr", { body, type });
      expect(res.status, res.bytes.toString()).toBe(415);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.json).toMatchObject({ code: "unsupported_media_type", status: 415 });
    };
    await problem(HTML, "text/html");
    await problem(MP3, "audio/wav");
    await problem(MP3, "application/octet-stream");
    await problem(MP3, undefined);
    await problem(HTML, "audio/mpeg");
    await problem(Buffer.concat([Buffer.from("ID3\x03\x00\x00\x00\x00\x00\x00", "latin1"), HTML]), "audio/mpeg");
    await problem(OGG, "audio/mpeg");
    await problem(HTML, "audio/ogg");
    expect((await detail(k)).audio).toEqual({});
    expect((await audioCall("GET", k, "tr")).status).toBe(404);
  });

  it("refuses 11 MB with 413, declared or streamed without a length, storing nothing", async () => {
    const k = await newTemplate();
    const declared = await callDeclaring("PUT", `/v1/templates/${k}/audio/tr`, 11 * 1000 * 1000, MP3, { "Content-Type": "audio/mpeg" });
    expectProblem(declared, 413, "payload_too_large");
    // Streamed, the server answers 413 and closes while the client still sends: the client reads the
    // answer, or (on a loaded host, the close winning the race) sees the connection end. Either way
    // nothing is stored, and a 2xx would fail here.
    const streamed = await audioCall("PUT", k, "tr", { body: streamedBody(11 * 1000 * 1000, MP3), type: "audio/mpeg" }).catch((err: unknown) => {
      if (err instanceof TypeError && err.message === "fetch failed") return { status: 413 };
      throw err;
    });
    expect(streamed.status).toBe(413);
    expect((await detail(k)).audio).toEqual({});
    // Exactly 10 MiB is allowed.
    const limit = Buffer.concat([MP3, Buffer.alloc(10 * 1024 * 1024 - MP3.length)]);
    expect((await audioCall("PUT", k, "tr", { body: limit, type: "audio/mpeg" })).status).toBe(200);
  });

  it("answers 404 for an unknown template, an unknown language, one the text lacks, and another tenant's template", async () => {
    for (const [k, dil] of [[uniq("yok"), "tr"], [kod, "xx"], [kod, "de"]] as const) {
      const res = await audioCall("PUT", k, dil, { body: MP3, type: "audio/mpeg" });
      expect(res.status, `${k} ${dil}`).toBe(404);
      expect(res.json).toMatchObject({ code: "not_found" });
    }
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await audioCall(method, kod, "tr", { key: keys.other, ...(method === "PUT" ? { body: MP3, type: "audio/mpeg" } : {}) });
      expect(res.status, method).toBe(404);
    }
    expect((await detail(kod)).audio.tr?.sha256).toBe(sha(MP3));
  });

  it("needs sablon:yaz to upload or delete, sablon:oku to read", async () => {
    expect((await audioCall("PUT", kod, "tr", { key: keys.sablon_oku, body: MP3, type: "audio/mpeg" })).json).toMatchObject({ code: "forbidden_scope" });
    expect((await audioCall("DELETE", kod, "tr", { key: keys.sablon_oku })).status).toBe(403);
    expect((await audioCall("GET", kod, "tr", { key: keys.onam_oku })).status).toBe(403);
    expectProblem(await call("PUT", `/v1/templates/${kod}/audio/tr`, { key: null }), 401, "unauthorized");
  });
});

describe("binding to the text", () => {
  it("keeps the recording across a re-publish with the same text and drops it when the text changes", async () => {
    const k = await newTemplate();
    expect((await audioCall("PUT", k, "tr", { body: MP3, type: "audio/mpeg" })).status).toBe(200);
    expect((await audioCall("PUT", k, "en", { body: OGG, type: "audio/ogg" })).status).toBe(200);
    const v1 = await createConsent(consentBody(k, { degiskenler: {} }));

    const sameText = await call<Detail>("PUT", `/v1/templates/${k}`, { body: { baslik: "Diş Çekimi Onamı (düzeltme)", yayimla: true } });
    expect(sameText.status, sameText.text).toBe(200);
    expect(sameText.body.version).toBe(2);
    expect(Object.keys(sameText.body.audio).sort()).toEqual(["en", "tr"]);

    // A formal change of the Turkish text (a material one must also update or drop the English
    // translation, decisions §26: tests/api/material-change.test.ts).
    const changed = await call<Detail>("PUT", `/v1/templates/${k}`, { body: { govde: TR.replace("onay", "tam onay"), yayimla: true } });
    expect(changed.status, changed.text).toBe(200);
    expect(Object.keys(changed.body.audio)).toEqual(["en"]);
    expect((await audioCall("GET", k, "tr")).status).toBe(404);

    // The consent made on version 1 still has the recording of its own text.
    const session = await verifiedSession(tokenOf(v1), v1.id);
    const got = await signingAudio(tokenOf(v1), session);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(MP3)).toBe(true);
    // One made on version 3 has none.
    const v3 = await createConsent(consentBody(k, { degiskenler: {} }));
    expect((await signingAudio(tokenOf(v3), await verifiedSession(tokenOf(v3), v3.id))).status).toBe(404);
  });

  it("takes a recording of the draft's text with content_hash, refuses one of no current text", async () => {
    const k = await newTemplate();
    const draft = TR.replace("onay", "yazılı onay");
    expect((await call("PUT", `/v1/templates/${k}`, { body: { govde: draft } })).status).toBe(200);
    const draftHash = createHash("sha256").update(draft, "utf8").digest("hex");
    expectProblem(await call("PUT", `/v1/templates/${k}/audio/tr?content_hash=zz`, { raw: "x", headers: { "Content-Type": "audio/mpeg" } }), 422, "validation_failed");
    const stale = await audioCall("PUT", k, "tr", { body: MP3, type: "audio/mpeg", query: `content_hash=${"0".repeat(64)}` });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "invalid_state" });
    const up = await audioCall("PUT", k, "tr", { body: MP3, type: "audio/mpeg", query: `content_hash=${draftHash}` });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ content_hash: draftHash });
    expect((await detail(k)).audio).toEqual({});
    const published = await call<Detail>("PUT", `/v1/templates/${k}`, { body: { yayimla: true } });
    expect(published.body.audio.tr?.sha256).toBe(sha(MP3));
  });

  it("deletes the recording of the published text", async () => {
    const k = await newTemplate();
    expect((await audioCall("PUT", k, "tr", { body: MP3, type: "audio/mpeg" })).status).toBe(200);
    expect((await audioCall("DELETE", k, "tr")).status).toBe(204);
    expect((await detail(k)).audio).toEqual({});
    expect((await audioCall("GET", k, "tr")).status).toBe(404);
    expect((await audioCall("DELETE", k, "tr")).status).toBe(404);
  });
});

describe("the signing page's recording and metin_dinlendi", () => {
  it("serves the recording only to the verified browser of a consent of that text", async () => {
    const c = await createConsent(consentBody(kod, { degiskenler: {} }));
    const other = await createConsent(consentBody(kod, { degiskenler: {} }));
    const token = tokenOf(c);
    expect((await signingAudio(token)).status).toBe(401);
    const otherSession = await verifiedSession(tokenOf(other), other.id);
    expect((await signingAudio(token, otherSession)).status).toBe(401);
    const session = await verifiedSession(token, c.id);
    const whole = await signingAudio(token, session);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.bytes.equals(MP3)).toBe(true);
    const part = await signingAudio(token, session, "bytes=0-");
    expect(part.status).toBe(206);
    expect(part.bytes.equals(MP3)).toBe(true);
    // The English consent hears the English recording.
    const en = await createConsent(consentBody(kod, { degiskenler: {}, dil: "en" }));
    expect((await signingAudio(tokenOf(en), await verifiedSession(tokenOf(en), en.id))).bytes.equals(OGG)).toBe(true);
    expect((await signingAudio("x".repeat(43), session)).status).toBe(404);
  });

  it("records listening once per step, refuses bad reports, strangers and closed consents, and names it in the evidence report", async () => {
    const c = await createConsent(consentBody(kod, { degiskenler: {} }));
    const token = tokenOf(c);
    expect((await signer(token, "listened", { percent: 50 })).status).toBe(401);
    const session = await verifiedSession(token, c.id);
    const listened = (percent: unknown) => signer<{ recorded: boolean; percent: number }>(token, "listened", { percent }, session);
    for (const bad of [-1, 101, "50", null]) expect((await listened(bad)).status, String(bad)).toBe(422);
    const replies = [];
    for (const p of [0, 10, 20, 30, 49, 60, 99.6, 100, 100, 40]) replies.push((await listened(p)).body);
    expect(replies.map((r) => r.recorded)).toEqual([false, true, false, true, false, true, true, true, false, false]);
    const events = (await eventsOf(c.id)).data.filter((e) => e.event === "metin_dinlendi");
    expect(events.map((e) => e.data)).toEqual([{ percent: 10 }, { percent: 30 }, { percent: 60 }, { percent: 99 }, { percent: 100 }]);
    expect(events.every((e) => e.actor === "signer")).toBe(true);

    // A consent whose text has no recording takes no report.
    const plainKod = await newTemplate();
    const plain = await createConsent(consentBody(plainKod, { degiskenler: {} }));
    expect((await signer(tokenOf(plain), "listened", { percent: 50 }, await verifiedSession(tokenOf(plain), plain.id))).status).toBe(404);

    const signed = await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, session);
    expect(signed.status).toBe(200);
    expect((await listened(100)).status).toBe(409);
    expect((await signingAudio(token, session)).status).toBe(409);

    const done = await eventually(async () => {
      const got = await call<Consent & { document: { evidence_url: string; pdf_url: string } | null }>("GET", `/v1/consents/${c.id}`);
      return got.body.document?.evidence_url ? got.body : null;
    }, 180_000);
    const file = path.join(run.dataDir, `read-aloud-${randomBytes(3).toString("hex")}.pdf`);
    fs.writeFileSync(file, Buffer.from(await (await fetch(done.document!.evidence_url)).arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Metin sesli dinlendi: %100");
    // The signed document says it too, beside the signing session's other facts.
    fs.writeFileSync(file, Buffer.from(await (await fetch(done.document!.pdf_url)).arrayBuffer()));
    expect(execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })).toMatch(/Metin sesli dinlendi[\s\S]{0,200}%100/);
  });
});
