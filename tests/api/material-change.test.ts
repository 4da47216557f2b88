// decisions §26: a material change of the Turkish text never leaves a translation or a recording of the
// earlier text behind without a word — a translation carried over unchanged is refused (422 naming
// ceviriler) until it is updated or dropped explicitly (`ceviriler.<dil>: null`), and the publish's
// answer names the languages whose recording belonged to a changed text (audio_dropped).
import { describe, expect, it } from "vitest";
import { call, expectProblem } from "./client";
import { uniq } from "./consent-helpers";
import { audioCall } from "./read-aloud-helpers";
import { silentMp3 } from "@/tests/fixtures/audio";

type Detail = { version: number; languages: string[]; audio: Record<string, unknown>; audio_dropped?: string[]; change_notes?: Record<string, string> };
const EN = { baslik: "Catheter consent", govde: "<p>{adsoyad}, I have read about the risk of bleeding.</p>" };

async function template(): Promise<string> {
  const kod = uniq("esasli");
  const res = await call<Detail>("POST", "/v1/templates", {
    body: { kod, baslik: "Kateter onamı", govde: "<p>{adsoyad}, kanama riskini okudum.</p>", yayimla: true, ceviriler: { en: EN } },
  });
  expect(res.status, res.text).toBe(201);
  return kod;
}
const publish = (kod: string, body: Record<string, unknown>) => call<Detail>("PUT", `/v1/templates/${kod}`, { body: { yayimla: true, ...body } });

describe("a material change of the Turkish text", () => {
  it("is refused while a translation of the earlier text is carried over unchanged, naming ceviriler", async () => {
    const kod = await template();
    const turkish = { govde: "<p>{adsoyad}, kanama ve enfeksiyon riskini okudum.</p>", degisiklik: "esasli" };
    expect(expectProblem(await publish(kod, turkish), 422, "validation_failed").errors).toEqual({ ceviriler: [expect.stringContaining("en")] });
    // The same translation given again is not an update; leaving it out of ceviriler is no explicit drop.
    expectProblem(await publish(kod, { ...turkish, ceviriler: { en: EN } }), 422, "validation_failed");
    expectProblem(await publish(kod, { ...turkish, ceviriler: {} }), 422, "validation_failed");
    expect((await call<Detail>("GET", `/v1/templates/${kod}`)).body.version).toBe(1);
    // A formatting publish, or a material one that keeps the Turkish text, is not concerned.
    expect((await publish(kod, { govde: "<p>{adsoyad}, kanama riskini okudum.</p><p></p>" })).status).toBe(200);
  });

  it("is published once each translation is updated or dropped with null, with its note per language", async () => {
    const kod = await template();
    const govde = "<p>{adsoyad}, kanama ve enfeksiyon riskini okudum.</p>";
    const updated = await publish(kod, {
      govde,
      degisiklik: "esasli",
      degisiklik_notu: "Enfeksiyon riski eklendi.",
      ceviriler: { en: { baslik: EN.baslik, govde: "<p>{adsoyad}, I have read about the risks of bleeding and infection.</p>", degisiklik_notu: "The risk of infection was added." } },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ version: 2, languages: ["tr", "en"], change_notes: { tr: "Enfeksiyon riski eklendi.", en: "The risk of infection was added." } });
    const dropped = await publish(kod, { govde: "<p>{adsoyad}, yeni metin.</p>", degisiklik: "esasli", ceviriler: { en: null } });
    expect(dropped.status, dropped.text).toBe(200);
    expect(dropped.body).toMatchObject({ version: 3, languages: ["tr"] });
    // The next version without a note of its own shows none.
    expect(dropped.body.change_notes).toBeUndefined();
  });

  it("names the languages whose read-aloud recording belonged to the changed text (audio_dropped)", async () => {
    const kod = await template();
    expect((await audioCall("PUT", kod, "tr", { body: silentMp3(1), type: "audio/mpeg" })).status).toBe(200);
    expect((await audioCall("PUT", kod, "en", { body: silentMp3(1), type: "audio/mpeg" })).status).toBe(200);
    const res = await publish(kod, { govde: "<p>{adsoyad}, başka bir metin.</p>", degisiklik: "esasli", ceviriler: { en: EN }, degisiklik_notu: "Metin yenilendi." });
    // English is unchanged (so it is refused as stale): update it to publish.
    expectProblem(res, 422, "validation_failed");
    const ok = await publish(kod, { govde: "<p>{adsoyad}, başka bir metin.</p>", degisiklik: "esasli", ceviriler: { en: { ...EN, govde: "<p>{adsoyad}, another text.</p>" } } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.audio_dropped).toEqual(["tr", "en"]);
    expect(ok.body.audio).toEqual({});
    // A formatting publish that keeps every text drops nothing.
    const same = await publish(kod, { baslik: "Kateter onamı (2)" });
    expect(same.body.audio_dropped).toEqual([]);
  });
});
