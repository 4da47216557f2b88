// decisions §22: the sealed PDF lists the teach-back questions, the right answer and how each was answered.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { describeComprehension, gradeAnswers } from "@/lib/consents/comprehension";
import type { TeachBackQuestion } from "@/lib/templates/questions";
import { sampleConsent } from "@/tests/fixtures/language-samples";
import { renderConsentPdf } from "./render-consent-pdf";
import { pdfPages, squash } from "@/tests/fixtures/pdf-text";

function detail(questions: TeachBackQuestion[], answers: { first: number; second: number | null }[]) {
  return describeComprehension(gradeAnswers(questions, answers), questions);
}

const TR: TeachBackQuestion[] = [
  { question: "İşlemden önce ne kadar aç kalmalısınız?", options: ["Hiç", "8 saat", "1 gün"], correct: 1, explanation: "Metinde 8 saat yazıyor." },
  { question: "İşlemden sonra araç kullanabilir misiniz?", options: ["Evet", "Hayır"], correct: 1 },
  { question: "Şişlik görülürse ne yapmalısınız?", options: ["Kliniği arayın", "Bekleyin"], correct: 0 },
];

describe("the teach-back section of the consent PDF", { timeout: 30_000 }, () => {
  it("lists each question, its right answer, and how it was answered", async () => {
    const pdf = await renderConsentPdf({ ...sampleConsent("tr"), comprehension: detail(TR, [{ first: 0, second: 1 }, { first: 1, second: null }, { first: 1, second: null }]) });
    if (process.env.KEEP_PDF) fs.writeFileSync(`${process.env.KEEP_PDF}/teach-back-tr.pdf`, pdf);
    const text = squash(pdfPages(pdf).join("\n"));
    expect(text).toContain("Anlama kontrolü");
    expect(text).toContain("İlk denemede doğru 1 / 3");
    expect(text).toContain("1. İşlemden önce ne kadar aç kalmalısınız?");
    expect(text).toContain("İlk cevap yanlış; açıklama gösterildi");
    expect(text).toContain("İlk denemede doğru cevaplandı");
    // Two columns: the labels, then the values (the right answer, then the answer after the explanation).
    expect(text).toContain("Doğru cevap Açıklamadan sonraki cevap 8 saat 8 saat");
    expect(text).toContain("İlk denemede doğru cevaplandı Doğru cevap Hayır");
    expect(text).toContain("Doğru cevap Açıklamadan sonraki cevap Kliniği arayın yeniden cevaplanmadı");
    // The section comes after the text and before the signatures (the first page's statement names
    // the physician too, so the physician's block is its last mention).
    expect(text.indexOf("Anlama kontrolü")).toBeLessThan(text.lastIndexOf("Bilgilendirmeyi yapan hekim"));
    expect(text.indexOf("Anlama kontrolü")).toBeGreaterThan(text.indexOf("Kişi ve işlem bilgileri"));
  });

  it("prints nothing of it when no questions were asked", async () => {
    const text = squash(pdfPages(await renderConsentPdf({ ...sampleConsent("tr"), comprehension: null })).join("\n"));
    expect(text).not.toContain("Anlama kontrolü");
  });

  it("writes Arabic questions right to left beside bilingual labels", async () => {
    const ar: TeachBackQuestion[] = [{ question: "كم ساعة يجب أن تصوم قبل العملية؟", options: ["لا شيء", "ثماني ساعات"], correct: 1 }];
    const pdf = await renderConsentPdf({ ...sampleConsent("ar"), comprehension: detail(ar, [{ first: 0, second: null }]) });
    if (process.env.KEEP_PDF) fs.writeFileSync(`${process.env.KEEP_PDF}/teach-back-ar.pdf`, pdf);
    const text = squash(pdfPages(pdf).join("\n"));
    expect(text).toContain("Anlama kontrolü");
    expect(text).toContain("التحقق من الفهم");
    expect(text).toContain("ثماني ساعات");
  });
});
