// decisions §19: the signed consent shows every party who signed — the person or their representative,
// the interpreter, the witness, the informing physician — each in a block of its own with the drawn
// signature, the name, the role and the time, labelled in the consent's language beside Turkish.
import { describe, expect, it } from "vitest";
import type { ConsentDocumentData } from "./document-types";
import { renderConsentPdf } from "./render-consent-pdf";
import { signingParties } from "./signature-blocks";
import { physicianLine } from "./document-statement";
import { pdfColumn, pdfImageCount, pdfPages, squash, withoutEmbeddings } from "@/tests/fixtures/pdf-text";
import { signaturePng } from "@/tests/fixtures/png";

const PNG = signaturePng();

function consent(overrides: Partial<ConsentDocumentData> = {}): ConsentDocumentData {
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
    approver: { type: "veli", name: "Gülşen Iğdır", relation: "Annesi" },
    physician: "Dt. İlkay Öztürk",
    procedure: "Gömülü 20 numaralı dişin çekimi",
    animal: null,
    signedAt: "2026-11-22 14:03:09",
    signerIp: "203.0.113.42",
    signerUserAgent: "Mozilla/5.0 (Linux; Android 14; SM-A546B)",
    otpPhoneMasked: "0532 *** ** 67",
    signaturePng: PNG,
    verifyUrl: "https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    language: "tr",
    interpreter: null,
    witness: { name: "Hatice Demir", signaturePng: PNG },
    countersignature: { name: "Dt. İlkay Öztürk", registrationNo: "TDB-34-12345", informedAt: "2026-11-22 13:40:00", signedAt: "2026-11-22 15:12:45", signaturePng: PNG },
    ...overrides,
  };
}

/** An Arabic consent: the text, the names and the interpreter's, as a clinic writes them. */
function arabicConsent(): ConsentDocumentData {
  return consent({
    language: "ar",
    templateTitle: "موافقة على خلع السن",
    renderedHtml: "<h2>خلع السن</h2><p>سيقوم الطبيب بخلع ضرس العقل تحت التخدير الموضعي.</p>",
    patientName: "أحمد علي",
    approver: { type: "veli", name: "فاطمة علي", relation: null },
    procedure: "خلع ضرس العقل",
    interpreter: { name: "يوسف حداد", signaturePng: PNG },
    witness: { name: "Mehmet Kaya", signaturePng: PNG },
  });
}

/** `text`, its whitespace collapsed, holds `parts` in this order. */
function expectInOrder(text: string, parts: readonly string[]): void {
  const flat = squash(withoutEmbeddings(text));
  let from = 0;
  for (const part of parts) {
    const at = flat.indexOf(part, from);
    expect(at, `"${part}" after position ${from} in: ${flat}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

describe("the signature blocks", { timeout: 60_000 }, () => {
  it("list the parties in the order they signed, each with its own name, role and times", () => {
    const parties = signingParties(consent({ language: "en", interpreter: { name: "Ayşe Yıldırım", signaturePng: PNG } }), "en");
    expect(parties.map((p) => [p.role.tr, p.role.other, p.name])).toEqual([
      ["Veli", "Parent", "Gülşen Iğdır (Annesi)"],
      ["Tercüman", "Interpreter", "Ayşe Yıldırım"],
      ["Tanık", "Witness", "Hatice Demir"],
      ["Bilgilendirmeyi yapan hekim", "Physician who informed the person", "Dt. İlkay Öztürk"],
    ]);
    expect(parties[0]!.onBehalfOf).toEqual({ tr: "Şükrü Çağlar Iğdır adına", other: "on behalf of Şükrü Çağlar Iğdır", rtl: false });
    expect(parties.map((p) => p.facts.map((f) => `${f.label.tr}: ${f.value}`))).toEqual([
      ["İmza zamanı: 22.11.2026 14:03 (GMT+03:00)"],
      ["Tercüme dili: İngilizce (English)", "İmza zamanı: 22.11.2026 14:03 (GMT+03:00)"],
      ["İmza zamanı: 22.11.2026 14:03 (GMT+03:00)"],
      ["Tescil no: TDB-34-12345", "Bilgilendirme zamanı: 22.11.2026 13:40 (GMT+03:00)", "İmza zamanı: 22.11.2026 15:12 (GMT+03:00)"],
    ]);

    // The patient who signs for themself is not "on behalf of" anyone; a registration number is optional.
    const alone = signingParties(
      consent({ approver: { type: "hasta", name: null, relation: null }, witness: null, countersignature: { ...consent().countersignature!, registrationNo: null } }),
      "tr",
    );
    expect(alone.map((p) => [p.role.tr, p.name, p.onBehalfOf])).toEqual([
      ["Hasta (kendisi)", "Şükrü Çağlar Iğdır", null],
      ["Bilgilendirmeyi yapan hekim", "Dt. İlkay Öztürk", null],
    ]);
    expect(alone[1]!.facts.map((f) => f.label.tr)).toEqual(["Bilgilendirme zamanı", "İmza zamanı"]);

    // An animal's owner signs for the animal.
    const [owner] = signingParties(consent({ approver: { type: "sahip", name: "Ayşe Kaya", relation: null }, animal: { name: "Karabaş", species: "Köpek" } }), "tr");
    expect([owner!.role.tr, owner!.name, owner!.onBehalfOf?.tr]).toEqual(["Hayvan sahibi", "Ayşe Kaya", "Karabaş adına"]);
  });

  it("in a Turkish consent, show the parent, the witness and the informing physician, each in a block with the signature, name, role and time", async () => {
    const pdf = await renderConsentPdf(consent());
    expect(pdfImageCount(pdf)).toBe(3);
    // Two blocks a row: the parent and the witness side by side, the physician under the parent.
    expectInOrder(pdfColumn(pdf, "left"), [
      "Onay ve imza",
      "Veli",
      "Gülşen Iğdır (Annesi)",
      "Şükrü Çağlar Iğdır adına",
      "İmza zamanı 22.11.2026 14:03 (GMT+03:00)",
      "Bilgilendirmeyi yapan hekim",
      "Dt. İlkay Öztürk",
      "Tescil no TDB-34-12345",
      "Bilgilendirme zamanı 22.11.2026 13:40 (GMT+03:00)",
      "İmza zamanı 22.11.2026 15:12 (GMT+03:00)",
    ]);
    expectInOrder(pdfColumn(pdf, "right"), ["Tanık", "Hatice Demir", "İmza zamanı 22.11.2026 14:03 (GMT+03:00)"]);
    const text = squash(pdfPages(pdf).join("\n"));
    expect(text).not.toContain("Tercüman");
    // Where the person signed, once, under the blocks.
    for (const expected of ["Kişinin imza oturumu", "203.0.113.42", "SM-A546B"]) expect(text).toContain(expected);
  });

  it("print a typed signature as text marked 'yazılarak imzalandı', in place of the drawing (decisions §23)", async () => {
    // The name is the person's own input: markup in it stays text, nothing is interpreted.
    const typed = "Gülşen Iğdır <b>&amp;</b>";
    const pdf = await renderConsentPdf(consent({ signaturePng: null, typedSignature: typed, witness: null, countersignature: null }));
    expect(pdfImageCount(pdf)).toBe(0);
    expectInOrder(pdfColumn(pdf, "left"), ["Onay ve imza", "Veli", typed, "yazılarak imzalandı", "Gülşen Iğdır (Annesi)", "İmza zamanı 22.11.2026 14:03 (GMT+03:00)"]);

    // In another language the mark is bilingual, as every label; the interpreter still draws (§17).
    const en = await renderConsentPdf(consent({ language: "en", signaturePng: null, typedSignature: "Gulsen Igdir", interpreter: { name: "Ayşe Yıldırım", signaturePng: PNG }, witness: null, countersignature: null }));
    expect(pdfImageCount(en)).toBe(1);
    expectInOrder(pdfColumn(en, "left"), ["Gulsen Igdir", "yazılarak imzalandı / signed by typing the name"]);
  });

  // pdftotext puts the zone's closing parenthesis of a time on an Arabic page before it (bidi in its
  // reading order, not on the page: the rendered page reads "22.11.2026 14:03 (GMT+03:00)").
  it("in an Arabic consent, label every block in Arabic beside Turkish, the interpreter's too", async () => {
    const pdf = await renderConsentPdf(arabicConsent());
    expect(pdfImageCount(pdf)).toBe(4);
    // The parent and the interpreter in the first row, the witness and the physician in the second.
    expectInOrder(pdfColumn(pdf, "left"), [
      "Veli",
      "فاطمة علي",
      "أحمد علي adına",
      "نيابةً عن أحمد علي",
      "İmza zamanı وقت التوقيع",
      "22.11.2026 14:03",
      "Tanık",
      "الشاهد",
      "Mehmet Kaya",
      "İmza zamanı وقت التوقيع",
      "22.11.2026 14:03",
    ]);
    expectInOrder(pdfColumn(pdf, "right"), [
      "Tercüman",
      "المترجم",
      "يوسف حداد",
      "Tercüme dili لغة الترجمة",
      "Arapça",
      "İmza zamanı وقت التوقيع",
      "22.11.2026 14:03",
      "Bilgilendirmeyi yapan hekim",
      "الطبيب الذي قدّم المعلومات",
      "Dt. İlkay Öztürk",
      "Tescil no رقم التسجيل المهني",
      "TDB-34-12345",
      "Bilgilendirme zamanı وقت تقديم المعلومات",
      "22.11.2026 13:40",
      "İmza zamanı وقت التوقيع",
      "22.11.2026 15:12",
    ]);
  });

  it("in a consent the patient signed alone, show the patient's block and the informing physician's, unsigned", async () => {
    const pdf = await renderConsentPdf(consent({ approver: { type: "hasta", name: null, relation: null }, witness: null, countersignature: null }));
    expect(pdfImageCount(pdf)).toBe(1);
    const text = squash(pdfPages(pdf).join("\n"));
    expectInOrder(text, ["Hasta (kendisi)", "Şükrü Çağlar Iğdır", "İmza zamanı 22.11.2026 14:03 (GMT+03:00)"]);
    for (const absent of ["adına", "Tanık", "Tercüman"]) expect(text).not.toContain(absent);
    // decisions §25: the informing physician's block always, saying no signature was asked of them
    expectInOrder(text, ["Bilgilendirmeyi yapan hekim", "Bu onam için hekimin imzası istenmedi", "Dt. İlkay Öztürk"]);
  });
});

describe("what the document is, said on its first page (decisions §25)", () => {
  const sealing = { seal: { subject: "CN=e-Onam Yerel Test Mührü, O=e-Onam", at: "2026-11-22 15:13:02" }, timestampedBy: "Yerleşik test zaman damgası sunucusu", test: true };

  it("names the seal and its time, the time-stamp, how each party signed and the verify URL; TEST on every page", async () => {
    const pdf = await renderConsentPdf(consent({ sealing }));
    const pages = pdfPages(pdf).map(squash);
    expect(pages.length).toBeGreaterThan(1);
    const first = pages[0]!;
    for (const expected of [
      "Bu belge nedir",
      "Elektronik mühür: CN=e-Onam Yerel Test Mührü, O=e-Onam — 22.11.2026 15:13 (GMT+03:00) (PAdES, PDF/A-3).",
      "Zaman damgası: Yerleşik test zaman damgası sunucusu (RFC 3161).",
      "Kişi imzasını ekrana çizdi; SMS ile doğrulanmış telefona gönderilen tek kullanımlık kodla teyit edildi.",
      "5070 sayılı Kanun anlamında güvenli (nitelikli) elektronik imza değildir",
      "Tanık imzasını aynı cihazda ekrana çizdi",
      "Bilgilendirmeyi yapan hekim imzasını ekrana çizerek imzaladı",
      "Doğrulama: https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    ]) {
      expect(first).toContain(expected);
    }
    for (const page of pages) expect(page).toContain("TEST — yasal geçerliliği yoktur");
    expect(pages.join(" ")).not.toContain("elektronik olarak imzalanmıştır");
  });

  it("says a typed name is a typed name, a qualified physician's signature is qualified, and no TEST with a real seal", async () => {
    const c = consent();
    const pdf = await renderConsentPdf(
      consent({
        sealing: { ...sealing, test: false, seal: { subject: "CN=Özel Şifa Hastanesi e-Mühür", at: "2026-11-22 15:13:02" } },
        signaturePng: null,
        typedSignature: "Gülşen Iğdır",
        countersignature: { ...c.countersignature!, signatureType: "qualified" },
      }),
    );
    const text = squash(pdfPages(pdf).join(" "));
    expect(text).toContain("Kişi adını yazarak imzaladı; SMS ile doğrulanmış telefona");
    expect(text).toContain("Bilgilendirmeyi yapan hekim nitelikli elektronik imza (5070 sayılı Kanun, güvenli elektronik imza) ile imzaladı.");
    expect(text).not.toContain("TEST — yasal geçerliliği yoktur");
    expect(physicianLine("typed")).toBe("Bilgilendirmeyi yapan hekim adını yazarak imzaladı; 5070 sayılı Kanun anlamında güvenli (nitelikli) elektronik imza değildir.");
  });

  it("prints a physician's typed name where the drawing would be, marked like the person's, and says a saved signature was used (issue #51)", async () => {
    const c = consent();
    const typed = squash(pdfPages(await renderConsentPdf(consent({ countersignature: { ...c.countersignature!, signaturePng: null, typed: "Şule Işık", signatureType: "typed" } }))).join(" "));
    expect(typed).toContain("Şule Işık");
    expect(typed).toContain("yazılarak imzalandı");
    expect(typed).toContain("Bilgilendirmeyi yapan hekim adını yazarak imzaladı");
    expect(typed).not.toContain("Nitelikli elektronik imza ile imzalanmıştır");
    const saved = squash(pdfPages(await renderConsentPdf(consent({ countersignature: { ...c.countersignature!, signatureType: "saved" } }))).join(" "));
    expect(saved).toContain("Bilgilendirmeyi yapan hekim panel hesabına kaydettiği imzasını kullanarak imzaladı; 5070 sayılı Kanun");
    expect(saved).not.toContain("yazılarak imzalandı");
  });

  it("says a document not sealed yet is not sealed", async () => {
    const text = squash(pdfPages(await renderConsentPdf(consent({ sealing: { seal: null, timestampedBy: null, test: false } }))).join(" "));
    expect(text).toContain("Belge henüz elektronik mühürle mühürlenmedi");
    expect(text).toContain("Zaman damgası: yok.");
  });
});
