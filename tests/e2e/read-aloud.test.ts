// decisions §22, read aloud, in Chromium: the signing page offers the recording above the text only
// when the consent's text has one, loads nothing before play, plays it for real (a generated MP3 of
// silence) and reports how much was heard, which the evidence records as metin_dinlendi; the panel
// uploads a recording with a progress bar and says in Turkish why a file is refused.
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { call, eventually } from "../api/client";
import { consentBody, createConsent, eventsOf, uniq } from "../api/consent-helpers";
import { audioCall } from "../api/read-aloud-helpers";
import { base, newPage, signIn, users } from "./panel-helpers";
import { noHorizontalScroll, openShortLink, phoneOf, shot, verify } from "./signing-helpers";
import { silentMp3 } from "@/tests/fixtures/audio";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);
const TR = "<p>Sayın {adsoyad}, diş çekimine onay veriyorum. Hekim riskleri anlattı.</p>";

async function template(withAudio: boolean): Promise<string> {
  const kod = uniq("sesli-e2e");
  const res = await call("POST", "/v1/templates", { body: { kod, baslik: "Diş Çekimi Onamı", govde: TR, yayimla: true } });
  expect(res.status, res.text).toBe(201);
  if (withAudio) expect((await audioCall("PUT", kod, "tr", { body: silentMp3(2), type: "audio/mpeg" })).status).toBe(200);
  return kod;
}

describe("the signing page's recording", () => {
  it("shows a player above the text, loads nothing before play, plays it and records how much was heard", async () => {
    const c = await createConsent(consentBody(await template(true), { degiskenler: {} }));
    const page = await phone();
    const audioRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/audio")) audioRequests.push(r.url());
    });
    await openShortLink(page, c);
    await verify(page, c);
    const player = page.getByTestId("read-aloud");
    await player.waitFor();
    expect(await player.textContent()).toContain("Okunan, aşağıdaki metnin kendisidir.");
    const audio = player.locator("audio");
    expect(await audio.getAttribute("preload")).toBe("none");
    expect(await audio.getAttribute("controls")).not.toBeNull();
    // Above the text it reads.
    const [playerBox, textBox] = [await player.boundingBox(), await page.getByTestId("consent-text").boundingBox()];
    expect(playerBox!.y).toBeLessThan(textBox!.y);
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(audioRequests).toEqual([]);
    await shot(page, "read-aloud-phone");

    // A tap on the player is the user's gesture that lets the page play.
    await audio.click();
    await page.evaluate(async () => {
      const a = document.querySelector("audio")!;
      if (a.paused) await a.play();
    });
    await page.waitForFunction(() => document.querySelector("audio")!.ended, undefined, { timeout: 20_000 });
    expect(audioRequests.length).toBeGreaterThan(0);
    const heard = await eventually(async () => {
      const events = (await eventsOf(c.id)).data.filter((e) => e.event === "metin_dinlendi");
      return events.some((e) => e.data.percent === 100) ? events : null;
    });
    // One record per step reached, each at most once, actor the signer.
    const percents = heard.map((e) => e.data.percent as number);
    expect(percents.at(-1)).toBe(100);
    expect(new Set(percents).size).toBe(percents.length);
    expect(percents.length).toBeLessThanOrEqual(5);
    expect(heard.every((e) => e.actor === "signer")).toBe(true);
  });

  it("has no player, and asks for no recording, when the text has none", async () => {
    const c = await createConsent(consentBody(await template(false), { degiskenler: {} }));
    const page = await phone();
    const audioRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/audio")) audioRequests.push(r.url());
    });
    await openShortLink(page, c);
    await verify(page, c);
    expect(await page.getByTestId("read-aloud").count()).toBe(0);
    expect(await page.locator("audio").count()).toBe(0);
    expect(audioRequests).toEqual([]);
  });

  it("is labelled in Arabic, right to left", async () => {
    const kod = uniq("sesli-ar");
    const res = await call("POST", "/v1/templates", {
      body: { kod, baslik: "Onam", govde: TR, yayimla: true, ceviriler: { ar: { baslik: "موافقة", govde: "<p>السيد {adsoyad}، أوافق على خلع السن.</p>" } } },
    });
    expect(res.status, res.text).toBe(201);
    expect((await audioCall("PUT", kod, "ar", { body: silentMp3(1), type: "audio/mpeg" })).status).toBe(200);
    const c = await createConsent(consentBody(kod, { degiskenler: {}, dil: "ar" }));
    const page = await phone();
    await openShortLink(page, c);
    // Verify in the consent's wording (Arabic) through the Turkish page, then read the Arabic one.
    await page.goto(`${c.link.url}?lang=tr`);
    await verify(page, c);
    await page.goto(c.link.url);
    const player = page.getByTestId("read-aloud");
    await player.waitFor();
    expect(await player.textContent()).toContain("استمع إلى النص");
    expect(await page.evaluate(() => document.querySelector("[data-testid=read-aloud]")!.closest("[dir]")!.getAttribute("dir"))).toBe("rtl");
    await noHorizontalScroll(page);
  });
});

describe("the panel's recordings", () => {
  it("uploads a recording with progress, lists it with a player, refuses HTML named .mp3 in Turkish, and deletes it", async () => {
    const kod = await template(false);
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/${kod}`);
    const row = page.locator('[data-testid=audio-row][data-language="tr"]');
    await row.getByText("Kayıt yok").waitFor();

    await row.getByLabel("Türkçe ses kaydı dosyası").setInputFiles({ name: "sayfa.mp3", mimeType: "audio/mpeg", buffer: Buffer.from("<!doctype html><html><body>x</body></html>") });
    await row.getByRole("button", { name: "Kaydı yükle" }).click();
    await row.getByRole("alert").getByText("Dosya MP3 ya da Ogg (Vorbis, Opus) ses kaydı değil.", { exact: false }).waitFor();

    const mp3 = silentMp3(2);
    await row.getByLabel("Türkçe ses kaydı dosyası").setInputFiles({ name: "onam.mp3", mimeType: "audio/mpeg", buffer: mp3 });
    await row.getByRole("button", { name: "Kaydı yükle" }).click();
    await row.getByText("Kayıt yüklendi.").waitFor();
    await row.locator("audio").waitFor();
    expect(await row.locator("audio").getAttribute("preload")).toBe("none");
    expect(await accessibilityViolations(page)).toEqual([]);
    const detail = await call<{ audio: Record<string, { bytes: number }> }>("GET", `/v1/templates/${kod}`);
    expect(detail.body.audio.tr?.bytes).toBe(mp3.length);
    // The panel's player fetches it through the panel's own route, with the session.
    const src = await row.locator("audio").getAttribute("src");
    const fetched = await page.evaluate(async (u) => (await fetch(u!)).status, src);
    expect(fetched).toBe(200);

    page.once("dialog", (d) => void d.accept());
    await row.getByRole("button", { name: "Kaydı sil" }).click();
    await row.getByText("Kayıt yok").waitFor();
    expect((await call<{ audio: object }>("GET", `/v1/templates/${kod}`)).body.audio).toEqual({});
  });

  it("refuses an upload from another origin and from a signed-out browser", async () => {
    const kod = await template(false);
    const anon = await fetch(`${base}/panel/templates/${kod}/audio/tr`, { method: "PUT", headers: { "Content-Type": "audio/mpeg", Origin: base }, body: new Uint8Array(silentMp3(1)) });
    expect(anon.status).toBe(401);
    expect(anon.headers.get("www-authenticate")).toBeNull();
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.admin);
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const forged = await fetch(`${base}/panel/templates/${kod}/audio/tr`, {
      method: "PUT",
      headers: { "Content-Type": "audio/mpeg", Origin: "https://evil.example", Cookie: cookies },
      body: new Uint8Array(silentMp3(1)),
    });
    expect(forged.status).toBe(403);
    const staff = await newPage(chrome, "desktop");
    await signIn(staff, users.staff);
    const staffCookies = (await staff.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const byStaff = await fetch(`${base}/panel/templates/${kod}/audio/tr`, { method: "PUT", headers: { "Content-Type": "audio/mpeg", Origin: base, Cookie: staffCookies }, body: new Uint8Array(silentMp3(1)) });
    expect(byStaff.status).toBe(403);
    expect((await call<{ audio: object }>("GET", `/v1/templates/${kod}`)).body.audio).toEqual({});
  });
});
