// decisions §19: a refusal to sign, put on record in person (Ret Tutanağı), holds the text that was
// shown, the reason, the witness, who recorded it and when — in the consent's language beside Turkish
// — and says that it is sealed rather than signed on paper.
import { describe, expect, it } from "vitest";
import type { RefusalDocumentData } from "./document-types";
import { renderRefusalPdf } from "./render-refusal-pdf";
import { pdfImageCount, pdfPages, squash, withoutEmbeddings } from "@/tests/fixtures/pdf-text";

function refusal(overrides: Partial<RefusalDocumentData> = {}): RefusalDocumentData {
  return {
    consentId: "ons_261122_k3v9x2m8q7p4",
    institution: "Özel Çağlayan Şifa Hastanesi",
    templateTitle: "Diş Çekimi Aydınlatılmış Onam Formu",
    templateVersion: 4,
    contentSha256: "3f1c9a0b7e5d2c4f6a8b0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f7",
    renderedHtml: "<h2>Diş Çekimi</h2><p>Sayın Şükrü Çağlar Iğdır, gömülü dişin çekimi önerilmiştir.</p>",
    patientName: "Şükrü Çağlar Iğdır",
    tcMasked: "123******90",
    phoneMasked: "0532 *** ** 67",
    approver: { type: "hasta", name: null, relation: null },
    physician: "Dt. İlkay Öztürk",
    procedure: "Gömülü 20 numaralı dişin çekimi",
    animal: null,
    verifyUrl: "https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    language: "tr",
    refusal: {
      reason: "Hasta işlemi düşünmek için zaman istediğini söyledi.",
      witness: "Hatice Demir",
      recordedBy: "Hemşire Ayşe Yılmaz (ayse@klinik.example)",
      recordedAt: "2026-11-22 14:20:31",
    },
    ...overrides,
  };
}

const text = (pdf: Buffer) => squash(withoutEmbeddings(pdfPages(pdf).join("\n")));

describe("renderRefusalPdf", { timeout: 60_000 }, () => {
  it("records the text shown, the reason, the witness, who recorded it and when, and that it is sealed", async () => {
    const data = refusal();
    const pdf = await renderRefusalPdf(data);
    const t = text(pdf);
    for (const expected of [
      "Ret Tutanağı",
      "Diş Çekimi Aydınlatılmış Onam Formu",
      "Kişiye gösterilen onam metni",
      "Sayın Şükrü Çağlar Iğdır, gömülü dişin çekimi önerilmiştir.",
      "Kişi, onamı imzalamayı aşağıda adı geçen tanığın huzurunda reddetmiştir.",
      "Ret gerekçesi Hasta işlemi düşünmek için zaman istediğini söyledi.",
      "Tanık",
      "Hatice Demir",
      "Tutanak zamanı",
      "22.11.2026 14:20 (GMT+03:00)",
      "Tutanağı düzenleyen Hemşire Ayşe Yılmaz (ayse@klinik.example)",
      "elektronik mühürle mühürlenmiştir (mührün sahibi ilk sayfada yazılıdır)",
      data.consentId,
      data.verifyUrl,
    ]) {
      expect(t).toContain(expected);
    }
    // Nobody signs a refusal on record: no signature image, no line to sign on.
    expect(pdfImageCount(pdf)).toBe(0);
  });

  it("reads in Arabic beside Turkish for an Arabic consent, the reason in the person's own words", async () => {
    const pdf = await renderRefusalPdf(
      refusal({
        language: "ar",
        templateTitle: "موافقة على خلع السن",
        renderedHtml: "<p>سيقوم الطبيب بخلع ضرس العقل تحت التخدير الموضعي.</p>",
        patientName: "أحمد علي",
        refusal: { reason: "المريض يرغب في استشارة عائلته أولاً.", witness: "Hatice Demir", recordedBy: "Hemşire Ayşe Yılmaz", recordedAt: "2026-11-22 14:20:31" },
      }),
    );
    const t = text(pdf);
    for (const expected of [
      "Ret Tutanağı محضر رفض التوقيع",
      "موافقة على خلع السن",
      "سيقوم الطبيب بخلع ضرس العقل تحت التخدير الموضعي",
      "Ret gerekçesi سبب الرفض",
      "المريض يرغب في استشارة عائلته",
      "Tanık الشاهد",
      "Hatice Demir",
      "Tutanağı düzenleyen محرّر المحضر",
      "Hemşire Ayşe Yılmaz",
      "Tutanak zamanı وقت تحرير المحضر",
      "22.11.2026 14:20 (GMT+03:00)",
      "بحضور الشاهد المذكور أدناه",
      "خُتم بختم إلكتروني",
    ]) {
      expect(t).toContain(expected);
    }
  });
});
