// decisions §22 through Chromium: the signing page asks the teach-back questions between the ticks and
// the signature, one at a time; a wrong answer shows the explanation and the same question again; the
// keyboard alone can answer; the signature follows either way; the answers reach the consent and its
// evidence; the physician's countersign page flags the wrong first answer with the question (§19).
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations } from "./browser";
import { call } from "../api/client";
import { consentBody, createConsent, eventsOf, uniq } from "../api/consent-helpers";
import { drawSignature, focusedText, noHorizontalScroll, openShortLink, phoneOf, shot, verify } from "./signing-helpers";
import { base, htmlBox, newPage, publish, signIn, users } from "./panel-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);

const Q1 = { soru: "İşlemden önce ne kadar aç kalmalısınız?", secenekler: ["Hiç", "8 saat"], dogru: 1, aciklama: "Metinde işlemden önce 8 saat aç kalmanız yazıyor." };
const Q2 = { soru: "İşlemden sonra araç kullanabilir misiniz?", secenekler: ["Evet", "Hayır"], dogru: 1 };

type Comprehension = { comprehension: { asked: number; first_try_correct: number; flagged: boolean } | null; status: string };

async function template(): Promise<string> {
  const kod = uniq("anlama-e2e");
  const res = await call("POST", "/v1/templates", {
    body: { kod, baslik: "Diş Çekimi", govde: "<p>Sayın {adsoyad}, işlemden önce 8 saat aç kalınız; sonra araç kullanmayınız.</p>", yayimla: true, sorular: [Q1, Q2] },
  });
  expect(res.status, res.text).toBe(201);
  return kod;
}

describe("teach-back questions on the signing page", () => {
  it("asks one question at a time, explains a wrong answer and asks again, then takes the signature; the physician sees the flag", async () => {
    const kod = await template();
    const c = await createConsent(consentBody(kod, { hekim_imzasi: true }));
    const page = await phone();
    const csp = await recordCspViolations(page);
    await openShortLink(page, c);
    await verify(page, c);
    await page.getByText("Okudum.").click();
    await page.getByText("Anladım.").click();

    // The questions stand between the ticks and the signature: no pad yet.
    const box = page.getByTestId("teach-back");
    await box.getByRole("heading", { name: "Anladıklarınızı kontrol edelim" }).waitFor();
    expect(await page.getByRole("img", { name: "İmza alanı" }).isVisible()).toBe(false);
    await box.getByText("Soru 1 / 2").waitFor();
    await box.getByRole("heading", { name: Q1.soru }).waitFor();
    const options = box.getByTestId("teach-back-option");
    expect(await options.allInnerTexts()).toEqual(Q1.secenekler);
    // Touch targets of at least 44 px, and nothing wider than the 360 px screen.
    for (const b of await options.all()) expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await noHorizontalScroll(page);

    // Wrong: the explanation, and the same question again (focus on what was said).
    await options.filter({ hasText: "Hiç" }).click();
    await box.getByText("Bu cevap doğru değil.").waitFor();
    await box.getByText(Q1.aciklama).waitFor();
    expect(await focusedText(page)).toContain(Q1.aciklama);
    expect(await options.allInnerTexts()).toEqual(Q1.secenekler);
    await box.getByRole("button", { name: "Cevaplamadan devam et" }).waitFor();
    await shot(page, "teach-back-explanation");
    expect(await accessibilityViolations(page)).toEqual([]);
    // Right the second time.
    await options.filter({ hasText: "8 saat" }).click();
    await box.getByText("Doğru.").waitFor();
    await box.getByRole("button", { name: "Sonraki soru" }).click();

    // The next question gets the focus; the keyboard alone answers it.
    await box.getByText("Soru 2 / 2").waitFor();
    expect(await focusedText(page)).toBe(Q2.soru);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Hayır");
    await page.keyboard.press("Enter");
    await box.getByText("Doğru.").waitFor();
    await box.getByRole("button", { name: "İmzaya geç" }).click();

    // Then the signature, as always.
    await page.getByRole("heading", { name: "3. İmzanız" }).waitFor();
    expect(await box.count()).toBe(0);
    // The focus follows a frame after the step shows (requestAnimationFrame, signing-flow.tsx).
    await expect.poll(() => focusedText(page)).toBe("3. İmzanız");
    await drawSignature(page);
    await page.getByRole("button", { name: "Onaylıyorum ve imzalıyorum" }).click();
    await page.getByRole("heading", { name: "İmzanız alındı; hekim onayı bekleniyor" }).waitFor();
    expect(await csp()).toEqual([]);

    const after = await call<Comprehension>("GET", `/v1/consents/${c.id}`);
    expect(after.body).toMatchObject({ status: "signed", comprehension: { asked: 2, first_try_correct: 1, flagged: true } });
    const events = (await eventsOf(c.id)).data.filter((e) => e.event === "anlama_kontrolu");
    expect(events.map((e) => e.data)).toEqual([{ asked: 2, first_try_correct: 1, missed: [0] }]);

    // The physician reads the flag and the question missed before countersigning.
    const owner = await newPage(chrome, "desktop");
    await signIn(owner, users.owner);
    const stamp = Date.now().toString(36);
    const doctor = { email: `anlama-${stamp}@acme.test`, password: `Parola-anlama-${stamp}`, role: "staff" as const, tenant: "acme" };
    await owner.goto(`${base}/panel/team`);
    const add = owner.getByRole("form", { name: "Kullanıcı ekle" });
    await add.getByLabel("E-posta").fill(doctor.email);
    await add.getByLabel("Ad soyad").fill(`Dr. Anlama ${stamp}`);
    await add.getByLabel("Geçici parola (en az 8 karakter)").fill(doctor.password);
    await add.getByLabel("Hekim: onamları bilgilendiren hekim olarak imzalayabilir").check();
    await add.getByRole("button", { name: "Kullanıcı ekle" }).click();
    await owner.getByTestId("user-list").locator(`li[data-email="${doctor.email}"]`).waitFor();

    const desk = await newPage(chrome, "desktop");
    await signIn(desk, doctor);
    await desk.goto(`${base}/panel/countersign/${c.id}`);
    const flag = desk.getByTestId("comprehension-flag");
    await flag.getByText("Anlama kontrolünde yanlış cevap").waitFor();
    await flag.getByText(Q1.soru).waitFor();
    expect(await flag.getByText(Q2.soru).count()).toBe(0);
    expect(await desk.getByTestId("comprehension").innerText()).toContain("2 sorudan 1 tanesi ilk denemede doğru cevaplandı.");
    expect(await accessibilityViolations(desk)).toEqual([]);
    await desk.setViewportSize({ width: 360, height: 900 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("shows no question step for a version without questions, and asks Arabic questions right to left", async () => {
    const plain = uniq("sorusuz-e2e");
    expect((await call("POST", "/v1/templates", { body: { kod: plain, baslik: "S", govde: "<p>Sayın {adsoyad}.</p>", yayimla: true } })).status).toBe(201);
    const c = await createConsent(consentBody(plain));
    const page = await phone();
    await openShortLink(page, c);
    await verify(page, c);
    await page.getByRole("heading", { name: "3. İmzanız" }).waitFor();
    expect(await page.getByTestId("teach-back").count()).toBe(0);

    const kod = uniq("anlama-ar");
    const ar = { soru: "كم ساعة يجب أن تصوم قبل العملية؟", secenekler: ["لا شيء", "ثماني ساعات"], dogru: 1 };
    const res = await call("POST", "/v1/templates", {
      body: { kod, baslik: "Diş", govde: "<p>{adsoyad}</p>", yayimla: true, sorular: [Q2], ceviriler: { ar: { baslik: "خلع", govde: "<p>{adsoyad}</p>", sorular: [ar] } } },
    });
    expect(res.status, res.text).toBe(201);
    const arabic = await createConsent(consentBody(kod, { dil: "ar" }));
    const p2 = await phone();
    // The page's wording in Turkish (?lang=tr): the questions stay in the consent's language.
    await p2.goto(`${arabic.link.url}?lang=tr`);
    await verify(p2, arabic);
    const question = p2.getByTestId("teach-back").getByRole("heading", { name: ar.soru });
    await question.waitFor();
    expect(await question.getAttribute("dir")).toBe("rtl");
    expect(await question.getAttribute("lang")).toBe("ar");
    expect(await p2.getByTestId("teach-back-option").allInnerTexts()).toEqual(ar.secenekler);
    await noHorizontalScroll(p2);
    await shot(p2, "teach-back-ar");
  });

  it("edits the questions in the panel's template editor, with a preview, and shows the server's field errors on the field", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.owner);
    const code = uniq("panel-anlama");
    await page.goto(`${base}/panel/templates/new`);
    await page.getByLabel("Kod", { exact: true }).fill(code);
    await page.getByLabel("Başlık", { exact: true }).fill("Panel Anlama");
    await (await htmlBox(page)).fill("<p>Sayın {adsoyad}, 8 saat aç kalınız.</p>");
    const editor = page.getByTestId("questions-tr");
    await editor.getByRole("button", { name: "Soru ekle" }).click();
    await editor.getByLabel("1. soru").fill(Q1.soru);
    await editor.getByLabel("1. seçenek", { exact: true }).fill("Hiç");
    await editor.getByLabel("2. seçenek", { exact: true }).fill("Hiç");
    await editor.getByRole("button", { name: "Seçenek ekle" }).click();
    await editor.getByLabel("3. seçenek", { exact: true }).fill("8 saat");
    await editor.getByLabel("3. seçenek doğru cevap").check();
    await editor.getByLabel("Açıklama (isteğe bağlı)").fill(Q1.aciklama);
    const preview = page.getByTestId("questions-preview");
    await preview.getByText("✓ 8 saat").waitFor();
    await preview.getByText(Q1.aciklama).waitFor();
    // Two equal options: the server's error lands on the second one.
    await publish(page);
    await editor.getByText("aynı seçenek iki kez yazılmış").waitFor();
    expect((await call("GET", `/v1/templates/${code}`)).status).toBe(404);
    await editor.getByLabel("2. seçenek", { exact: true }).fill("1 saat");
    await publish(page);
    await page.waitForURL(`${base}/panel/templates/${code}`);
    const api = await call<{ questions: Record<string, number>; teach_back: Record<string, unknown> }>("GET", `/v1/templates/${code}`);
    expect(api.body.questions).toEqual({ tr: 1 });
    expect(api.body.teach_back).toEqual({ tr: [{ question: Q1.soru, options: ["Hiç", "1 saat", "8 saat"], correct: 2, explanation: Q1.aciklama }] });
    // The editor opens with them again.
    expect(await page.getByTestId("questions-tr").getByLabel("1. soru").inputValue()).toBe(Q1.soru);
    expect(await page.getByTestId("questions-tr").getByLabel("3. seçenek doğru cevap").isChecked()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
