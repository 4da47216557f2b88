// Test fixtures: a consent and its evidence in each of the six languages (decisions §17), written as
// clinics and patients write them — their own scripts and punctuation, bold and italic, lists, and
// in Arabic the direction marks that word processors and browsers put in (RLM after a sentence,
// ALM before a number, isolates around a Latin drug name).
import { hashRecord, type EvidenceRecord } from "@/lib/evidence/chain";
import type { Language } from "@/lib/i18n/languages";
import type { ConsentDocumentData, EvidenceReportData, RefusalDocumentData, ShownTextData } from "./document-types";
import { signaturePng } from "./test-support";

interface Sample {
  title: string;
  html: string;
  patient: string;
  approver: ConsentDocumentData["approver"];
  procedure: string;
  /** decisions §17: an interpreter signs beside the person whenever the text is not Turkish */
  interpreter: string | null;
  /** free text typed in the person's language, as a withdrawal reason */
  reason: string;
  userAgent: string;
}

const RLM = "\u200f";
const ALM = "\u061c";
const LRI = "\u2066";
const PDI = "\u2069";

export const SAMPLES: Record<Language, Sample> = {
  tr: {
    title: "Diş Çekimi Aydınlatılmış Onam Formu",
    html:
      "<h2>Diş Çekimi</h2><p>Sayın <strong>Şükrü Çağlar Iğdır</strong>, hekiminiz İlkay Öztürk size işlemi “gerekli” gördüğü için önermiştir.</p>" +
      "<ul><li>İşlemden önce 2 saat aç kalınız.</li><li><em>Ağrı kesici</em> olarak %0,5’lik gargara kullanılabilir.</li></ul>" +
      "<p>ĞÜŞÖÇİ ğüşıöç — riskler &lt;%1 oranındadır.</p>",
    patient: "Şükrü Çağlar Iğdır",
    approver: { type: "hasta", name: null, relation: null },
    procedure: "Gömülü 20 numaralı dişin çekimi",
    interpreter: null,
    reason: "Hasta işlemden vazgeçtiğini telefonla bildirdi.",
    userAgent: "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
  },
  en: {
    title: "Tooth Extraction — Informed Consent",
    html:
      "<h2>Tooth extraction</h2><p>Dear <strong>Emily O’Connor</strong>, your dentist has recommended removing tooth 38 under local anaesthesia.</p>" +
      "<ul><li>Do not eat for 2 hours afterwards.</li><li>Swelling usually peaks after 48 hours — this is <em>normal</em>.</li></ul>" +
      "<p>Risks (&lt;1%): dry socket, numbness, bleeding.</p>",
    patient: "Emily O’Connor",
    approver: { type: "hasta", name: null, relation: null },
    procedure: "Extraction of an impacted wisdom tooth",
    interpreter: "Ayşe Yıldırım",
    reason: "The patient changed her mind after talking to her family.",
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
  },
  ar: {
    title: "موافقة على خلع السن",
    html:
      `<h2>خلع السن</h2><p>سيقوم الطبيب <strong>بخلع ضرس العقل</strong> تحت التخدير الموضعي.${RLM} قد يحدث ألم وتورم لمدة ${ALM}3 أيام.${RLM}</p>` +
      `<ul><li>لا تأكل لمدة ساعتين بعد الخلع.${RLM}</li><li>يمكنك تناول ${LRI}Paracetamol 500 mg${PDI} عند الحاجة.${RLM}</li>` +
      `<li><em>اتصل بنا فورًا</em> إذا استمر النزيف.${RLM}</li></ul><p>أقرّ بأنني قرأت هذا النص وفهمته، وأوافق على الإجراء.${RLM}</p>`,
    patient: "أحمد علي",
    approver: { type: "veli", name: "فاطمة علي", relation: "الأم" },
    procedure: "خلع ضرس العقل",
    interpreter: "يوسف حداد",
    reason: `المريض غيّر رأيه بعد التشاور مع عائلته.${RLM}`,
    userAgent: "Mozilla/5.0 (Linux; Android 13; ar-SA; SM-S911B) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36",
  },
  de: {
    title: "Einwilligung in die Zahnextraktion",
    html:
      "<h2>Zahnextraktion</h2><p>Sehr geehrter <strong>Herr Jürgen Weiß</strong>, Ihr Zahnarzt empfiehlt die Entfernung des Zahns 38 unter örtlicher Betäubung.</p>" +
      "<ul><li>Bitte 2 Stunden lang nichts essen.</li><li>Schwellungen sind „normal“ und klingen nach 3–4 Tagen ab.</li></ul>" +
      "<p>Risiken (&lt;1 %): Nachblutung, Taubheitsgefühl, <em>Wundheilungsstörung</em>.</p>",
    patient: "Jürgen Weiß",
    approver: { type: "hasta", name: null, relation: null },
    procedure: "Entfernung eines verlagerten Weisheitszahns",
    interpreter: "Elif Şahin",
    reason: "Der Patient möchte zuerst eine Zweitmeinung einholen.",
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  },
  ru: {
    title: "Согласие на удаление зуба",
    html:
      "<h2>Удаление зуба</h2><p>Уважаемый <strong>Иван Петрович Соколов</strong>, ваш врач рекомендует удалить зуб 38 под местной анестезией.</p>" +
      "<ul><li>Не принимайте пищу в течение 2 часов.</li><li>Отёк — это «нормальная» реакция, он проходит за 3–4 дня.</li></ul>" +
      "<p>Риски (&lt;1 %): кровотечение, онемение, <em>альвеолит</em>.</p>",
    patient: "Иван Петрович Соколов",
    approver: { type: "vasi", name: "Ольга Николаевна Соколова", relation: "опекун" },
    procedure: "Удаление ретинированного зуба мудрости",
    interpreter: "Наталья Кузнецова",
    reason: "Пациент отказался от процедуры после консультации с семьёй.",
    userAgent: "Mozilla/5.0 (Linux; Android 12; ru-RU; Redmi Note 11) AppleWebKit/537.36 Chrome/129.0 Mobile Safari/537.36",
  },
  fr: {
    title: "Consentement à l’extraction dentaire",
    html:
      "<h2>Extraction dentaire</h2><p>Madame <strong>Zoé Lefèvre‑Côté</strong>, votre chirurgien-dentiste vous propose l’extraction de la dent 38 sous anesthésie locale.</p>" +
      "<ul><li>Ne mangez pas pendant 2 heures.</li><li>Un gonflement est «\u00a0normal\u00a0» et disparaît en 3 à 4 jours.</li></ul>" +
      "<p>Risques (&lt;1\u202f%)\u202f: saignement, engourdissement, <em>alvéolite</em>\u202f; cœur et œsophage ne sont pas concernés.</p>",
    patient: "Zoé Lefèvre‑Côté",
    approver: { type: "hasta", name: null, relation: null },
    procedure: "Extraction d’une dent de sagesse incluse",
    interpreter: "Mehmet Öztürk",
    reason: "La patiente souhaite réfléchir avant l’intervention.",
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15",
  },
};

/** What the person was shown: the common part of the signed consent and of a refusal on record. */
function sampleShown(language: Language): ShownTextData {
  const s = SAMPLES[language];
  return {
    consentId: "ons_261122_k3v9x2m8q7p4",
    institution: "Özel Çağlayan Şifa Ağız ve Diş Sağlığı Polikliniği",
    templateTitle: s.title,
    templateVersion: 4,
    contentSha256: "3f1c9a0b7e5d2c4f6a8b0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f7",
    renderedHtml: s.html,
    patientName: s.patient,
    tcMasked: "123******90",
    phoneMasked: "0532 *** ** 67",
    approver: s.approver,
    physician: "Dt. İlkay Öztürk",
    procedure: s.procedure,
    animal: null,
    verifyUrl: "https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    language,
  };
}

/** The signed consent, with the interpreter (not in Turkish), a witness and the physician's countersignature. */
export function sampleConsent(language: Language): ConsentDocumentData {
  const s = SAMPLES[language];
  return {
    ...sampleShown(language),
    signedAt: "2026-11-22 14:03:09",
    signerIp: "203.0.113.42",
    signerUserAgent: s.userAgent,
    otpPhoneMasked: "0532 *** ** 67",
    signaturePng: signaturePng(),
    interpreter: s.interpreter ? { name: s.interpreter, signaturePng: signaturePng() } : null,
    witness: { name: "Hemşire Gülizar Ağaoğlu", signaturePng: signaturePng() },
    countersignature: { name: "Dt. İlkay Öztürk", registrationNo: "TDB-34-01987", informedAt: "2026-11-22 13:50:00", signedAt: "2026-11-22 14:05:41", signaturePng: signaturePng() },
  };
}

/** The same text refused in person and put on record (decisions §19), the reason in the person's words. */
export function sampleRefusal(language: Language): RefusalDocumentData {
  return {
    ...sampleShown(language),
    refusal: { reason: SAMPLES[language].reason, witness: "Hemşire Gülizar Ağaoğlu", recordedBy: "Dt. İlkay Öztürk", recordedAt: "2026-11-22 14:10:00" },
  };
}

type Draft = Omit<EvidenceRecord, "seq" | "prev_hash" | "hash">;

function chain(drafts: readonly Draft[]): EvidenceRecord[] {
  const out: EvidenceRecord[] = [];
  for (const [i, d] of drafts.entries()) {
    const record = { ...d, seq: i + 1, prev_hash: out.at(-1)?.hash ?? null };
    out.push({ ...record, hash: hashRecord(record) });
  }
  return out;
}

const DOC_SHA = "9b2e7c1d4f6a8b0c2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4";

/** The evidence report of the sample consent, signed (with the interpreter when there is one) and later withdrawn. */
export function sampleEvidence(language: Language): EvidenceReportData {
  const s = SAMPLES[language];
  const person = { ip: "203.0.113.42", user_agent: s.userAgent, actor: "signer" };
  const system = { ip: "", user_agent: "", actor: "system" };
  const events = chain([
    { event: "olusturuldu", at: "2026-11-22 13:55:01", ip: "198.51.100.7", user_agent: "", actor: "api:ak_7f3k9m2q8x4v1z6w", data: { template: { code: "DIS_CEKIMI", version: 4 }, language } },
    { event: "sms_gonderildi", at: "2026-11-22 13:55:02", ...system, data: { telefon: "+90532*****67" } },
    { event: "goruntulendi", at: "2026-11-22 14:01:44", ...person, data: {} },
    { event: "otp_dogrulandi", at: "2026-11-22 14:02:40", ...person, data: { phone: "0532 *** ** 67" } },
    ...(s.interpreter ? [{ event: "tercuman_imzaladi", at: "2026-11-22 14:03:09", ...person, data: { signature_sha256: "a".repeat(64) } }] : []),
    { event: "imzalandi", at: "2026-11-22 14:03:09", ...person, data: { signature_sha256: "b".repeat(64), read: true, understood: true } },
    { event: "belge_olusturuldu", at: "2026-11-22 14:03:11", ...system, data: { sha256: DOC_SHA } },
    { event: "geri_alindi", at: "2026-11-24 09:30:00", ip: "198.51.100.7", user_agent: "", actor: "panel:usr_2k9f7q", data: { reason: s.reason } },
  ]);
  return {
    consentId: "ons_261122_k3v9x2m8q7p4",
    institution: "Özel Çağlayan Şifa Ağız ve Diş Sağlığı Polikliniği",
    status: "withdrawn",
    template: { code: "DIS_CEKIMI", version: 4, contentSha256: "3f1c9a0b7e5d2c4f6a8b0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f7" },
    documentSha256: DOC_SHA,
    events,
    chain: { ok: true, count: events.length, head: events.at(-1)!.hash },
    timestamp: {
      status: "ok",
      time: "2026-11-22 14:03:12",
      serial: "4f2a91",
      provider: "local",
      providerName: "Yerel zaman damgası (test)",
      legallyValid: false,
      error: null,
      delaySeconds: 3,
    },
    signedAt: "2026-11-22 14:03:09",
    generatedAt: "2026-11-24 10:00:00",
    verifyUrl: "https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
  };
}
