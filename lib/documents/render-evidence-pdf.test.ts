// The evidence report lists every record with its hashes, says the chain verdict in words and
// explains a late timestamp.
import { printedWhen } from "./pdf-date";
import { describe, expect, it } from "vitest";
import { hashRecord, type EvidenceRecord } from "@/lib/evidence/chain";
import type { EvidenceReportData } from "./document-types";
import { renderEvidencePdf } from "./render-evidence-pdf";
import { pdfPages, squash } from "@/tests/fixtures/pdf-text";

type Draft = Omit<EvidenceRecord, "seq" | "prev_hash" | "hash">;

function chain(drafts: readonly Draft[]): EvidenceRecord[] {
  const out: EvidenceRecord[] = [];
  for (const [i, d] of drafts.entries()) {
    const record = { ...d, seq: i + 1, prev_hash: out.at(-1)?.hash ?? null };
    out.push({ ...record, hash: hashRecord(record) });
  }
  return out;
}

const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DOC_SHA = "9b2e7c1d4f6a8b0c2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4";

const EVENTS = chain([
  { event: "olusturuldu", at: "2026-11-22 13:55:01", ip: "198.51.100.7", user_agent: "", actor: "api:ak_7f3k9m2q8x4v1z6w", data: { sablon: "ANESTEZI", surum: 3 } },
  { event: "sms_gonderildi", at: "2026-11-22 13:55:02", ip: "", user_agent: "", actor: "system", data: { telefon: "+90532*****67" } },
  { event: "goruntulendi", at: "2026-11-22 14:01:44", ip: "203.0.113.42", user_agent: UA, actor: "signer", data: {} },
  { event: "otp_gonderildi", at: "2026-11-22 14:02:03", ip: "203.0.113.42", user_agent: UA, actor: "signer", data: {} },
  { event: "otp_dogrulandi", at: "2026-11-22 14:02:40", ip: "203.0.113.42", user_agent: UA, actor: "signer", data: {} },
  { event: "imzalandi", at: "2026-11-22 14:03:09", ip: "203.0.113.42", user_agent: UA, actor: "signer", data: { not: "Çağlar Iğdır adına imzalandı" } },
  { event: "belge_olusturuldu", at: "2026-11-22 14:03:11", ip: "", user_agent: "", actor: "system", data: { sha256: DOC_SHA } },
  { event: "zaman_damgasi_alindi", at: "2026-11-22 16:08:14", ip: "", user_agent: "", actor: "system", data: { serial: "4f2a91", time: "2026-11-22 16:08:14", provider: "local" } },
]);

function report(overrides: Partial<EvidenceReportData> = {}): EvidenceReportData {
  return {
    consentId: "ons_261122_k3v9x2m8q7p4",
    institution: "Özel Çağlayan Şifa Hastanesi",
    status: "completed",
    template: { code: "ANESTEZI", version: 3, contentSha256: "3f1c9a0b7e5d2c4f6a8b0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f7" },
    documentSha256: DOC_SHA,
    events: EVENTS,
    chain: { ok: true, count: EVENTS.length, head: EVENTS.at(-1)!.hash },
    timestamp: {
      status: "ok",
      time: "2026-11-22 16:08:14",
      serial: "4f2a91",
      provider: "local",
      providerName: "Yerel zaman damgası (test)",
      legallyValid: false,
      error: null,
      delaySeconds: 7505,
    },
    signedAt: "2026-11-22 14:03:09",
    generatedAt: "2026-11-23 09:15:00",
    verifyUrl: "https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    ...overrides,
  };
}

// Generous: the box may be busy, and the first render also loads the fonts.
describe("renderEvidencePdf", { timeout: 30_000 }, () => {
  it("lists every record with both hashes, the verdict, the digests and the timestamp", async () => {
    const data = report();
    const pdf = await renderEvidencePdf(data);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pages = pdfPages(pdf);
    const text = squash(pages.join("\n"));
    for (const expected of [
      "Özel Çağlayan Şifa Hastanesi",
      "ons_261122_k3v9x2m8q7p4",
      "Tamamlandı",
      "ANESTEZI",
      data.template.contentSha256,
      DOC_SHA,
      `Zincir doğrulandı: ${EVENTS.length} kayıt, bütünlük sağlam`,
      "Kişi onayladı ve imzaladı",
      "Doğrulama kodu doğrulandı",
      "İmzalayan kişi",
      "API anahtarı",
      "ak_7f3k9m2q8x4v1z6w",
      "Çağlar Iğdır adına imzalandı",
      "Yerel zaman damgası (test)",
      "4f2a91",
      "yasal geçerliliği yoktur",
      "Zaman damgası imzadan 2 saat 5 dakika sonra alındı; belgenin varlığını imza anına değil zaman damgası anına kadar kanıtlar.",
      "RFC 8785",
      "sha256sum",
      "openssl ts -verify",
      "23.11.2026 09:15 (GMT+03:00)",
      `Sayfa 1 / ${pages.length}`,
    ]) {
      expect(text).toContain(expected);
    }
    for (const r of EVENTS) {
      expect(text).toContain(r.hash);
      expect(text).toContain(r.event);
      // decisions §25: as people read it, with its zone
      expect(text).toContain(printedWhen(r.at, "Europe/Istanbul").slice(0, 16));
    }
    expect(text).not.toContain(EVENTS[0]!.at);
    // Each row's time says its zone (under the time in its narrow column).
    expect(text.split("(GMT+03:00)").length - 1).toBeGreaterThanOrEqual(EVENTS.length);
    expect(text).toContain("null (ilk kayıt)");
  });

  it("says plainly when the chain is broken and leaves out the delay note without a delay", async () => {
    const pdf = await renderEvidencePdf(
      report({
        chain: { ok: false, count: EVENTS.length, head: EVENTS.at(-1)!.hash },
        timestamp: { ...report().timestamp, delaySeconds: null, legallyValid: true, providerName: "Kamu SM" },
      }),
    );
    const text = squash(pdfPages(pdf).join("\n"));
    expect(text).toContain("ZİNCİR BOZUK");
    expect(text).not.toContain("Zincir doğrulandı");
    expect(text).not.toContain("imzadan");
    expect(text).toContain("Yasal geçerliliği olan zaman damgası");
  });

  it("names every status in Turkish, a withdrawn consent's too", async () => {
    const text = squash(pdfPages(await renderEvidencePdf(report({ status: "withdrawn" }))).join("\n"));
    expect(text).toContain("Geri alındı");
    expect(text).not.toContain("withdrawn");
  });

  it("numbers the pages of a long chain and renders quickly once warm", async () => {
    const many = chain(
      Array.from({ length: 40 }, (_, i) => ({
        event: i % 2 ? "otp_hatali" : "otp_gonderildi",
        at: `2026-11-22 14:${String(i).padStart(2, "0")}:00`,
        ip: "203.0.113.42",
        user_agent: UA,
        actor: "signer",
        data: { deneme: i },
      })),
    );
    const data = report({ events: many, chain: { ok: true, count: many.length, head: many.at(-1)!.hash } });
    await renderEvidencePdf(data);
    const started = performance.now();
    const pdf = await renderEvidencePdf(data);
    console.info(`warm evidence render (40 events): ${(performance.now() - started).toFixed(0)} ms, ${pdf.length} bytes`);
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => expect(page).toContain(`Sayfa ${i + 1} / ${pages.length}`));
    const text = squash(pages.join("\n"));
    for (const r of many) expect(text).toContain(r.hash);
  });
});
