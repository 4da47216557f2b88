// decisions §22: teach-back questions. Templates take `sorular` (Turkish) and `ceviriler.<dil>.sorular`,
// published and frozen with the version; the detail shows `questions` (counts) and `teach_back` (the
// questions); the signing link takes the answers once, graded by the server against the version's
// questions in the consent's language (`anlama_kontrolu`), and the consent object adds `comprehension`.
import { beforeAll, describe, expect, it } from "vitest";
import { call, callDeclaring, expectProblem, keys } from "./client";
import { consentBody, createConsent, eventsOf, uniq, type Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";

const GOVDE = "<p>Sayın {adsoyad}, diş çekimi için aç gelmeniz gerekir.</p>";
const q1 = { soru: "İşlemden önce ne kadar aç kalmalısınız?", secenekler: ["Hiç", "6 saat", "1 gün"], dogru: 1, aciklama: "Metinde 6 saat yazıyor." };
const q2 = { soru: "İşlemden sonra araç kullanabilir misiniz?", secenekler: ["Evet", "Hayır"], dogru: 1 };
const en1 = { soru: "How long must you fast before?", secenekler: ["Not at all", "6 hours"], dogru: 1, aciklama: "The text says 6 hours." };

type Detail = { version: number; questions: Record<string, number>; teach_back: Record<string, unknown[]>; has_draft?: true };
type WithComprehension = Consent & { comprehension: { asked: number; first_try_correct: number; flagged: boolean } | null };

let kod: string;
beforeAll(async () => {
  kod = uniq("anlama");
  const res = await call<Detail>("POST", "/v1/templates", {
    body: { kod, baslik: "Diş Çekimi", govde: GOVDE, yayimla: true, sorular: [q1, q2], ceviriler: { en: { baslik: "Extraction", govde: "<p>Dear {adsoyad}.</p>", sorular: [en1] } } },
  });
  expect(res.status, res.text).toBe(201);
});

async function consentOf(id: string): Promise<WithComprehension> {
  const res = await call<WithComprehension>("GET", `/v1/consents/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("templates with teach-back questions", () => {
  it("show the number per language and the questions themselves on the detail", async () => {
    const res = await call<Detail>("GET", `/v1/templates/${kod}`);
    expect(res.status).toBe(200);
    expect(res.body.questions).toEqual({ tr: 2, en: 1 });
    expect(res.body.teach_back).toEqual({
      tr: [
        { question: q1.soru, options: q1.secenekler, correct: 1, explanation: q1.aciklama },
        { question: q2.soru, options: q2.secenekler, correct: 1 },
      ],
      en: [{ question: en1.soru, options: en1.secenekler, correct: 1, explanation: en1.aciklama }],
    });
    // A template without questions says 0 for each of its languages.
    const plain = await call<Detail>("POST", "/v1/templates", { body: { kod: uniq("sorusuz"), baslik: "S", govde: "<p>x</p>", yayimla: true } });
    expect(plain.body.questions).toEqual({ tr: 0 });
    expect(plain.body.teach_back).toEqual({});
    // Another tenant does not see the template at all.
    expect((await call("GET", `/v1/templates/${kod}`, { key: keys.other })).status).toBe(404);
  });

  it("refuses bad questions with 422 naming the field, and writes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sorular: [q1, q2, q1, { soru: "Doğru cevap yok", secenekler: ["a", "b"] }] }, "sorular.3.dogru"],
      [{ sorular: [{ ...q2, dogru: 2 }] }, "sorular.0.dogru"],
      [{ sorular: [{ ...q2, secenekler: ["Tek"], dogru: 0 }] }, "sorular.0.secenekler"],
      [{ sorular: Array.from({ length: 11 }, () => q2) }, "sorular"],
      [{ ceviriler: { en: { baslik: "E", govde: "<p>e</p>", sorular: Array.from({ length: 11 }, () => en1) } } }, "ceviriler.en.sorular"],
      [{ sorular: [{ ...q2, soru: "ç".repeat(501) }] }, "sorular.0.soru"],
    ];
    for (const [extra, field] of cases) {
      const code = uniq("kotu");
      const p = expectProblem(await call("POST", "/v1/templates", { body: { kod: code, baslik: "K", govde: "<p>x</p>", yayimla: true, ...extra } }), 422, "validation_failed");
      expect(Object.keys(p.errors as object), field).toEqual([field]);
      expect((await call("GET", `/v1/templates/${code}`)).status).toBe(404);
      // The same on PUT: the published version and the working copy stay as they were.
      const put = await call("PUT", `/v1/templates/${kod}`, { body: { yayimla: true, ...extra } });
      expect(Object.keys(expectProblem(put, 422, "validation_failed").errors as object)).toEqual([field]);
    }
    const after = await call<Detail>("GET", `/v1/templates/${kod}`);
    expect(after.body).toMatchObject({ version: 1, questions: { tr: 2, en: 1 } });
    expect(after.body.has_draft).toBeUndefined();
  });

  it("answers a 10 MB question with 413 before reading it", async () => {
    const head = JSON.stringify({ kod: uniq("dev"), baslik: "D", govde: "<p>x</p>", sorular: [{ ...q2, soru: "a" }] }).slice(0, -4);
    const res = await callDeclaring("POST", "/v1/templates", head.length + 10 * 1024 * 1024 + 4, head);
    expectProblem(res, 413, "payload_too_large");
  });

  it("keeps a published version's questions when a later version changes them", async () => {
    const code = uniq("surum");
    expect((await call("POST", "/v1/templates", { body: { kod: code, baslik: "V", govde: GOVDE, yayimla: true, sorular: [q1, q2] } })).status).toBe(201);
    const old = await createConsent(consentBody(code));
    // A draft edit leaves the published questions alone; a publish makes version 2 with one question.
    const draft = await call<Detail>("PUT", `/v1/templates/${code}`, { body: { sorular: [q2] } });
    expect(draft.body).toMatchObject({ version: 1, questions: { tr: 2 }, has_draft: true });
    const v2 = await call<Detail>("PUT", `/v1/templates/${code}`, { body: { yayimla: true } });
    expect(v2.body).toMatchObject({ version: 2, questions: { tr: 1 } });
    // The consent of version 1 is asked version 1's two questions.
    const session = await verifiedSession(tokenOf(old), old.id);
    const res = await signer(tokenOf(old), "comprehension", { answers: [{ first: 1 }, { first: 0, second: 1 }] }, session);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ asked: 2, first_try_correct: 1, flagged: true });
    // Removing them: [] leaves the version without questions.
    const v3 = await call<Detail>("PUT", `/v1/templates/${code}`, { body: { yayimla: true, sorular: [] } });
    expect(v3.body).toMatchObject({ version: 3, questions: { tr: 0 }, teach_back: {} });
  });
});

describe("answering on the signing link", () => {
  it("grades the answers itself, records anlama_kontrolu once, and serves comprehension", async () => {
    const c = await createConsent(consentBody(kod, { dis_ref: uniq("ref") }));
    expect((await consentOf(c.id)).comprehension).toBeNull();
    const token = tokenOf(c);
    // Without a verified code: 401, nothing recorded.
    expect((await signer(token, "comprehension", { answers: [{ first: 1 }, { first: 1 }] })).status).toBe(401);
    const session = await verifiedSession(token, c.id);

    // Bounded input: one answer per question, each an option of its question.
    const short = await signer<{ errors: unknown }>(token, "comprehension", { answers: [{ first: 1 }] }, session);
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ answers: [expect.any(String)] });
    const range = await signer<{ errors: unknown }>(token, "comprehension", { answers: [{ first: 1 }, { first: 2 }] }, session);
    expect(range.status).toBe(422);
    expect(range.body.errors).toEqual({ "answers.1.first": [expect.any(String)] });
    for (const bad of [{}, { answers: "x" }, { answers: [{ first: "1" }, { first: 1 }] }, { answers: Array.from({ length: 11 }, () => ({ first: 0 })) }]) {
      expect((await signer(token, "comprehension", bad, session)).status).toBe(422);
    }
    // A client that claims "correct" is not believed: only the chosen options count.
    const body = { answers: [{ first: 0, second: 1, correct: true }, { first: 1 }], first_try_correct: 2 };
    const res = await signer(token, "comprehension", body, session);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ asked: 2, first_try_correct: 1, flagged: true });

    // A retry (even with other answers) gets what was recorded first, and no second event.
    const again = await signer(token, "comprehension", { answers: [{ first: 1 }, { first: 1 }] }, session);
    expect(again.body).toEqual({ asked: 2, first_try_correct: 1, flagged: true });
    const events = (await eventsOf(c.id)).data.filter((e) => e.event === "anlama_kontrolu");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: "signer", data: { asked: 2, first_try_correct: 1, missed: [0] } });
    expect((await consentOf(c.id)).comprehension).toEqual({ asked: 2, first_try_correct: 1, flagged: true });

    // Signing afterwards works; the evidence has the answers before the signature; the record stays.
    const signed = await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, session);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const names = (await eventsOf(c.id)).data.map((e) => e.event);
    expect(names.indexOf("anlama_kontrolu")).toBeLessThan(names.indexOf("imzalandi"));
    expect((await consentOf(c.id)).comprehension).toEqual({ asked: 2, first_try_correct: 1, flagged: true });
    // The list carries it too; a closed consent takes no more answers.
    const list = await call<{ data: WithComprehension[] }>("GET", `/v1/consents?external_ref=${encodeURIComponent(String(c.external_ref))}&limit=200`);
    expect(list.body.data.find((x) => x.id === c.id)?.comprehension).toEqual({ asked: 2, first_try_correct: 1, flagged: true });
    expect((await signer(token, "comprehension", { answers: [{ first: 1 }, { first: 1 }] }, session)).status).toBe(409);
  });

  it("asks a consent in English the English questions, and all right is not flagged", async () => {
    const c = await createConsent(consentBody(kod, { dil: "en" }));
    const session = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "comprehension", { answers: [{ first: 1 }, { first: 1 }] }, session)).status).toBe(422);
    const res = await signer(tokenOf(c), "comprehension", { answers: [{ first: 1 }] }, session);
    expect(res.body).toEqual({ asked: 1, first_try_correct: 1, flagged: false });
    expect((await eventsOf(c.id)).data.at(-1)).toMatchObject({ event: "anlama_kontrolu", data: { asked: 1, first_try_correct: 1, missed: [] } });
  });

  it("signs without answers (no questions, or a page that skipped them): comprehension stays null", async () => {
    const plain = uniq("sorusuz");
    expect((await call("POST", "/v1/templates", { body: { kod: plain, baslik: "S", govde: "<p>{adsoyad}</p>", yayimla: true } })).status).toBe(201);
    for (const code of [plain, kod]) {
      const c = await createConsent(consentBody(code));
      const session = await verifiedSession(tokenOf(c), c.id);
      if (code === plain) {
        const none = await signer<{ code: string }>(tokenOf(c), "comprehension", { answers: [{ first: 0 }] }, session);
        expect(none.status).toBe(409);
        expect(none.body.code).toBe("invalid_state");
      }
      const signed = await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, session);
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      expect((await consentOf(c.id)).comprehension).toBeNull();
      expect((await eventsOf(c.id)).data.some((e) => e.event === "anlama_kontrolu")).toBe(false);
    }
  });

  it("shows the physician a flagged comprehension while the countersignature is awaited", async () => {
    const c = await createConsent(consentBody(kod, { hekim_imzasi: true }));
    const session = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "comprehension", { answers: [{ first: 2, second: 0 }, { first: 0, second: 1 }] }, session)).status).toBe(200);
    expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, session)).status).toBe(200);
    const signed = await consentOf(c.id);
    expect(signed.status).toBe("signed");
    expect(signed.comprehension).toEqual({ asked: 2, first_try_correct: 0, flagged: true });
  });
});
