// The consent PDF carries everything of decisions §8, in readable Turkish, on correctly numbered pages.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ConsentDocumentData } from "./document-types";
import type { DocumentTask } from "./document-task";
import { renderConsentPdf } from "./render-consent-pdf";
import { closeDocumentPool, renderDocument, warmDocuments } from "./render-document";
import { pdfPages, squash, withoutEmbeddings } from "@/tests/fixtures/pdf-text";
import { signaturePng } from "@/tests/fixtures/png";

const HTML = [
  "<h2>Genel Anestezi Onam Formu</h2>",
  "<p>Sayın <strong>Şükrü Çağlar Iğdır</strong>, size uygulanacak işlem hakkında bilgilendirildiniz.</p>",
  "<p>İşlem sırasında ağrı, şişlik ve kızarıklık görülebilir; bu durum genellikle geçicidir.</p>",
  "<ul><li>Öğün atlanmamalı, işlemden önce 8 saat aç kalınmalıdır.</li><li>Ilık su içmek serbesttir.</li></ul>",
  "<p>Riskler &#60;%1 oranındadır &#38; hekiminiz &#34;gerekli&#34; gördüğünde ek tetkik ister.</p>",
  "<p>ĞÜŞÖÇİ ğüşıöç harflerinin tamamı doğru görünmelidir.</p>",
].join("\n");

function consent(overrides: Partial<ConsentDocumentData> = {}): ConsentDocumentData {
  return {
    consentId: "ons_261122_k3v9x2m8q7p4",
    institution: "Özel Çağlayan Şifa Hastanesi",
    templateTitle: "Genel Anestezi Aydınlatılmış Onam Formu",
    templateVersion: 3,
    contentSha256: "3f1c9a0b7e5d2c4f6a8b0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f7",
    renderedHtml: HTML,
    patientName: "Şükrü Çağlar Iğdır",
    tcMasked: "123******90",
    phoneMasked: "0532 *** ** 67",
    approver: { type: "veli", name: "Gülşen Iğdır", relation: "Annesi" },
    physician: "Op. Dr. İlkay Öztürk",
    procedure: "Genel anestezi altında diş tedavisi",
    animal: null,
    signedAt: "2026-11-22 14:03:09",
    signerIp: "203.0.113.42",
    signerUserAgent: "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
    otpPhoneMasked: "0532 *** ** 67",
    signaturePng: signaturePng(),
    verifyUrl: "https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    language: "tr",
    interpreter: null,
    witness: null,
    countersignature: null,
    ...overrides,
  };
}

// Generous: the box may be busy, and the first render also loads the fonts.
describe("renderConsentPdf", { timeout: 30_000 }, () => {
  it("holds the person, the text exactly as shown, the signature facts and the verification data", async () => {
    const data = consent();
    const pdf = await renderConsentPdf(data);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const pages = pdfPages(pdf);
    const text = squash(pages.join("\n"));
    for (const expected of [
      "Özel Çağlayan Şifa Hastanesi",
      "Genel Anestezi Aydınlatılmış Onam Formu",
      "Şablon sürümü 3",
      "Şükrü Çağlar Iğdır",
      "123******90",
      "0532 *** ** 67",
      "Veli — Gülşen Iğdır (Annesi)",
      "Op. Dr. İlkay Öztürk",
      "Genel anestezi altında diş tedavisi",
      "Genel Anestezi Onam Formu",
      "Sayın Şükrü Çağlar Iğdır, size uygulanacak işlem hakkında bilgilendirildiniz.",
      "İşlem sırasında ağrı, şişlik ve kızarıklık görülebilir; bu durum genellikle geçicidir.",
      "• Öğün atlanmamalı, işlemden önce 8 saat aç kalınmalıdır.",
      "• Ilık su içmek serbesttir.",
      'Riskler <%1 oranındadır & hekiminiz "gerekli" gördüğünde ek tetkik ister.',
      "ĞÜŞÖÇİ ğüşıöç harflerinin tamamı doğru görünmelidir.",
      "İmza zamanı 22.11.2026 14:03 (GMT+03:00)",
      "203.0.113.42",
      "SM-A546B",
      data.consentId,
      data.contentSha256,
      data.verifyUrl,
      `Sayfa 1 / ${pages.length}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("names the approver in words and shows the animal when there is one", async () => {
    const pdf = await renderConsentPdf(
      consent({
        approver: { type: "sahip", name: null, relation: null },
        animal: { name: "Karabaş", species: "Köpek" },
        physician: null,
        procedure: null,
        tcMasked: null,
      }),
    );
    const text = squash(pdfPages(pdf).join("\n"));
    expect(text).toContain("Hayvan sahibi");
    expect(text).toContain("Karabaş (Köpek)");
    expect(text).not.toContain("Hekim");
  });

  it("embeds every font it draws with and never prints one character as another", async () => {
    // react-pdf's own fallback for a character the face lacks was the built-in Helvetica: not
    // embedded, and WinAnsi turned "王" into "‹" and italic Arabic (the oblique faces have none)
    // into Latin letters. Italic Arabic is now drawn upright; a character no face has, as a box.
    const pdf = await renderConsentPdf(consent({ renderedHtml: "<p><em>مرحبا بكم في العيادة</em> — <strong>王</strong> son.</p>" }));
    const dir = mkdtempSync(path.join(tmpdir(), "onam-fonts-"));
    try {
      writeFileSync(path.join(dir, "doc.pdf"), pdf);
      const fonts = execFileSync("pdffonts", [path.join(dir, "doc.pdf")], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
      for (const line of fonts) expect(line, line).toMatch(/DejaVu\S* +CID TrueType +Identity-H +yes +yes +yes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const text = squash(pdfPages(pdf).join("\n"));
    expect(text).toContain("مرحبا بكم في العيادة");
    expect(text).not.toContain("‹");
  });

  it("titles the text with its language and reads a right-to-left Arabic text back whole", async () => {
    const en = squash(pdfPages(await renderConsentPdf(consent({ language: "en", renderedHtml: "<p>Dear John Smith, I consent.</p>" }))).join("\n"));
    expect(en).toContain("Onam metni / Consent text — İngilizce (English)");
    expect(en).toContain("Ad soyad / Full name");
    const ar = await renderConsentPdf(consent({ language: "ar", renderedHtml: "<p>السيد أحمد علي، أوافق على خلع السن بعد أن شرح لي الطبيب المخاطر.</p>" }));
    expect(squash(withoutEmbeddings(pdfPages(ar).join("\n")))).toContain("أوافق على خلع السن بعد أن شرح لي الطبيب المخاطر");
  });

  it("numbers every page of a text that runs over several pages", async () => {
    const paragraphs = Array.from(
      { length: 60 },
      (_, i) => `<p>Madde ${i + 1}: Çocuğunuzun güvenliği için işlem öncesi ve sonrası talimatlara uyulması önemlidir.</p>`,
    ).join("");
    const pdf = await renderConsentPdf(consent({ renderedHtml: paragraphs }));
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Sayfa ${i + 1} / ${pages.length}`);
      expect(page).toContain("ons_261122_k3v9x2m8q7p4");
    });
    const text = squash(pages.join("\n"));
    // Same words in the same order: each paragraph once, in sequence.
    let from = 0;
    for (let i = 1; i <= 60; i++) {
      const at = text.indexOf(`Madde ${i}: Çocuğunuzun güvenliği için`, from);
      expect(at, `Madde ${i}`).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
  });

  it("gives the same bytes for the same data, and renders quickly once warm", async () => {
    const data = consent();
    const first = await renderConsentPdf(data, { timeZone: "Europe/Istanbul" });
    const started = performance.now();
    const second = await renderConsentPdf(data, { timeZone: "Europe/Istanbul" });
    const ms = performance.now() - started;
    console.info(`warm consent render: ${ms.toFixed(0)} ms, ${second.length} bytes`);
    expect(second.equals(first)).toBe(true);
    // 14:03:09 in Istanbul (UTC+3) is 11:03:09 UTC.
    expect(second.toString("latin1")).toContain("(D:20261122110309Z)");
  });

  it("on the document worker, a document that fails or runs out of time ends its thread, and those waiting behind it render on a fresh one", async () => {
    const task = (data: ConsentDocumentData): DocumentTask => ({
      kind: "consent",
      data,
      options: {},
      archive: { title: "Onam", author: "Test", createdAt: new Date() },
      signature: null,
    });
    const threads = () => (globalThis as { __eonamDocuments?: { pool: { threads: { threadId: number }[] } } }).__eonamDocuments!.pool.threads.map((t) => t.threadId);
    const text = async (pdf: Promise<Buffer>) => squash(pdfPages(await pdf).join("\n"));
    try {
      expect(await text(renderDocument(task(consent())))).toContain("Özel Çağlayan Şifa Hastanesi");
      const [first] = threads();
      const failed = renderDocument(task(null as unknown as ConsentDocumentData));
      const behindFailure = renderDocument(task(consent()));
      await expect(failed).rejects.toThrow("worker exited");
      expect(await text(behindFailure)).toContain("Özel Çağlayan Şifa Hastanesi");
      expect(threads()).not.toContain(first);

      // Still rendering at its deadline (3 s here; a table of 8 000 rows, 24 000 elements, stored
      // before html-limits.ts, takes ~12 s): given up and its thread ended; the one waiting behind it,
      // whose deadline counts from its own start, renders on a fresh thread.
      const [second] = threads();
      const started = Date.now();
      const endless = renderDocument(task(consent({ renderedHtml: `<table>${"<tr><td>a</td><td>b</td></tr>".repeat(8000)}</table>` })), 3000);
      const behindDeadline = renderDocument(task(consent()));
      await expect(endless).rejects.toThrow(/abort/i);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await text(behindDeadline)).toContain("Özel Çağlayan Şifa Hastanesi");
      expect(threads()).not.toContain(second);
    } finally {
      await closeDocumentPool();
    }
  }, 120_000);

  it("warms one document thread ahead of a signature, and the next document renders on it", async () => {
    const pool = () => (globalThis as { __eonamDocuments?: { pool: { threads: { threadId: number }[]; completed: number } } }).__eonamDocuments!.pool;
    await closeDocumentPool();
    try {
      // A second call while the first warms, and one while the warm thread waits, do nothing.
      expect(await Promise.all([warmDocuments(), warmDocuments()])).toEqual([true, false]);
      const warm = pool().threads.map((t) => t.threadId);
      expect(warm).toHaveLength(1);
      expect(pool().completed).toBe(1);
      expect(await warmDocuments()).toBe(false);
      const pdf = await renderDocument({ kind: "consent", data: consent(), options: {}, archive: { title: "Onam", author: "Test", createdAt: new Date() }, signature: null });
      expect(squash(pdfPages(pdf).join("\n"))).toContain("Özel Çağlayan Şifa Hastanesi");
      expect(pool().threads.map((t) => t.threadId)).toEqual(warm);
      expect(pool().completed).toBe(2);
    } finally {
      await closeDocumentPool();
    }
  });
});
