// The panel's words for the starter gallery, the Word import and the readability measure (issue #52),
// in Turkish (the reference) and English. Kept apart from tr.ts/en.ts, which are at their size limit.
import type { PanelLanguage } from "@/lib/i18n/languages";
import type { ReadabilityLevel } from "@/lib/templates/readability-scale";

const formsTr = {
  gallery: {
    title: "Hazır formlar",
    intro: "Ekibimizin sade Türkçeyle yazdığı formlar. Her biri riskleri, seçenekleri, anlama kontrolü sorularını ve İngilizce çevirisini içerir. Kopyalanan form, taslak olarak şablonlarınıza eklenir; yayımlamadan önce kurumunuza göre düzenleyin.",
    copy: "Kopyala",
    copying: "Kopyalanıyor…",
    copyLabel: (title: string) => `${title}: şablonlarıma kopyala`,
    show: "Metni göster",
    questions: (n: number) => `${n} anlama sorusu`,
    languages: "Diller",
  },
  word: {
    title: "Word belgesinden aktar",
    hint: "Kurumunuzun .docx biçimindeki formunu yükleyin (en çok 5 MB). Başlıklar, listeler, tablolar, kalın ve italik yazı korunur; Türkçe metnin yerine geçer. Kaydetmeden önce önizlemeyi kontrol edin.",
    file: "Word dosyası (.docx)",
    submit: "Belgeyi aktar",
    submitting: "Aktarılıyor…",
    choose: "Önce bir .docx dosyası seçin.",
    done: "Word belgesi Türkçe metne aktarıldı. Kaydetmeden önce önizlemeyi kontrol edin.",
    dropped: "Aktarılmayanlar:",
    nothingDropped: "Belgedeki her şey aktarıldı.",
    kinds: {
      images: (n: number) => `${n} resim`,
      macros: "makrolar",
      embedded: "gömülü nesneler",
      headers_footers: "üst ve alt bilgiler",
      comments: "yorumlar",
      elements: (names: string) => `desteklenmeyen öğeler (${names})`,
    },
    placeholders: "Belgedeki yer tutucular",
    builtin: "hazır alan",
    declared: "tanımlı",
    addVariable: (name: string) => `{${name}} değişken olarak ekle`,
    addAll: "Hepsini değişken olarak ekle",
  },
  readability: {
    title: "Okunabilirlik (Ateşman)",
    score: "Puan",
    empty: "Ölçmek için Türkçe metin yazın.",
    detail: (words: number, sentences: number) => `${words} sözcük, ${sentences} cümle`,
    levels: { cok_kolay: "çok kolay", kolay: "kolay", orta: "orta güçlükte", zor: "zor", cok_zor: "çok zor" } as Record<ReadabilityLevel, string>,
    scale: "90 ve üstü çok kolay, 70–89 kolay, 50–69 orta, 30–49 zor, 30'un altı çok zor. Hastanın rahat okuması için 60 ve üstü önerilir.",
    hard: "Okumayı zorlaştıran cümleler (kısaltın ya da bölün):",
    below: "Metin hastanın rahat okuyacağı düzeyin (60) altında.",
  },
};

export type FormsMessages = typeof formsTr;

const formsEn: FormsMessages = {
  gallery: {
    title: "Starter forms",
    intro: "Forms our team wrote in plain Turkish, with risks, alternatives and teach-back questions, and English translations. A copied form is added to your templates as a draft; edit it to fit your institution before publishing.",
    copy: "Copy",
    copying: "Copying…",
    copyLabel: (title: string) => `${title}: copy to my templates`,
    show: "Show the text",
    questions: (n: number) => `${n} teach-back questions`,
    languages: "Languages",
  },
  word: {
    title: "Import from a Word document",
    hint: "Upload your institution's form as .docx (at most 5 MB). Headings, lists, tables, bold and italic are kept; it replaces the Turkish text. Check the preview before saving.",
    file: "Word file (.docx)",
    submit: "Import the document",
    submitting: "Importing…",
    choose: "Choose a .docx file first.",
    done: "The Word document replaced the Turkish text. Check the preview before saving.",
    dropped: "Not imported:",
    nothingDropped: "Everything in the document was imported.",
    kinds: {
      images: (n: number) => `${n} image(s)`,
      macros: "macros",
      embedded: "embedded objects",
      headers_footers: "headers and footers",
      comments: "comments",
      elements: (names: string) => `unsupported elements (${names})`,
    },
    placeholders: "Placeholders in the document",
    builtin: "built-in",
    declared: "declared",
    addVariable: (name: string) => `Add {${name}} as a variable`,
    addAll: "Add all as variables",
  },
  readability: {
    title: "Readability (Ateşman)",
    score: "Score",
    empty: "Write Turkish text to measure it.",
    detail: (words: number, sentences: number) => `${words} words, ${sentences} sentences`,
    levels: { cok_kolay: "very easy", kolay: "easy", orta: "medium", zor: "difficult", cok_zor: "very difficult" },
    scale: "90 and above very easy, 70–89 easy, 50–69 medium, 30–49 difficult, below 30 very difficult. 60 or more is advised for a patient to read it easily.",
    hard: "Sentences that make it harder to read (shorten or split them):",
    below: "The text is below the level a patient reads easily (60).",
  },
};

export const formsMessages: Record<PanelLanguage, FormsMessages> = { tr: formsTr, en: formsEn };
