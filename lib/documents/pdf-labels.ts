// The consent PDF's own wording in the consent's language (decisions §17). A non-Turkish document is
// bilingual: every label reads "Turkish / the person's language", so the institution and a Turkish
// court read the same page as the person who signed it. Turkish is the reference table.
import { directionOf, type Language } from "@/lib/i18n/languages";

export interface PdfLabels {
  kind: string;
  templateVersion: string;
  consentNo: string;
  signedAt: string;
  personSection: string;
  name: string;
  nationalId: string;
  phone: string;
  approver: string;
  animal: string;
  physician: string;
  procedure: string;
  text: string;
  approvalSection: string;
  statement: string;
  ip: string;
  otpPhone: string;
  device: string;
  onBehalfOf: (patient: string) => string;
  approverTypes: { hasta: string; veli: string; vasi: string; sahip: string };
  interpreter: string;
  /** decisions §19: the parties beside the person, and what their blocks show */
  witness: string;
  informingPhysician: string;
  registrationNo: string;
  informedAt: string;
  interpretedLanguage: string;
  signingSession: string;
  /** decisions §19: the record of a refusal to sign (Ret Tutanağı) */
  refusalKind: string;
  shownText: string;
  refusalSection: string;
  refusalStatement: string;
  refusalReason: string;
  recordedBy: string;
  recordedAt: string;
  sealedStatement: string;
  verification: string;
  verificationText: string;
  contentDigest: string;
  /** decisions §22: the teach-back questions and how they were answered */
  comprehensionSection: string;
  firstTryCorrect: string;
  rightAnswer: string;
  answeredRight: string;
  answeredWrong: string;
  secondAnswer: string;
  noSecondAnswer: string;
}

const tr: PdfLabels = {
  kind: "Elektronik Onam Belgesi",
  templateVersion: "Şablon sürümü",
  consentNo: "Onam no",
  signedAt: "İmza zamanı",
  personSection: "Kişi ve işlem bilgileri",
  name: "Ad soyad",
  nationalId: "T.C. kimlik no",
  phone: "Telefon",
  approver: "Onaylayan",
  animal: "Hayvan",
  physician: "Hekim",
  procedure: "İşlem",
  text: "Onam metni",
  approvalSection: "Onay ve imza",
  statement:
    "Yukarıdaki metin, kişinin telefonuna SMS ile gönderilen tek kullanımlık kod doğrulandıktan sonra okunup anlaşıldığı işaretlenerek onaylanmış ve elektronik olarak imzalanmıştır.",
  ip: "IP adresi",
  otpPhone: "SMS ile doğrulanan telefon (OTP)",
  device: "Tarayıcı / cihaz",
  onBehalfOf: (p) => `${p} adına`,
  approverTypes: { hasta: "Hasta (kendisi)", veli: "Veli", vasi: "Vasi", sahip: "Hayvan sahibi" },
  interpreter: "Tercüman",
  witness: "Tanık",
  informingPhysician: "Bilgilendirmeyi yapan hekim",
  registrationNo: "Tescil no",
  informedAt: "Bilgilendirme zamanı",
  interpretedLanguage: "Tercüme dili",
  signingSession: "Kişinin imza oturumu",
  refusalKind: "Ret Tutanağı",
  shownText: "Kişiye gösterilen onam metni",
  refusalSection: "Ret kaydı",
  refusalStatement: "Yukarıdaki metin kişiye gösterilmiş ve açıklanmıştır. Kişi, onamı imzalamayı aşağıda adı geçen tanığın huzurunda reddetmiştir.",
  refusalReason: "Ret gerekçesi",
  recordedBy: "Tutanağı düzenleyen",
  recordedAt: "Tutanak zamanı",
  sealedStatement:
    "Bu tutanak kâğıt üzerinde imzalanmaz: kurumun elektronik mührüyle mühürlenmiştir. Kayıtlarla uyumu aşağıdaki doğrulama adresinden kontrol edilebilir.",
  verification: "Belge doğrulama",
  verificationText: "Bu belgenin kayıtlarla uyumunu QR kodu okutarak ya da aşağıdaki adresi açarak kontrol edebilirsiniz.",
  contentDigest: "Onam metni özeti (SHA-256, template.content_sha256)",
  comprehensionSection: "Anlama kontrolü",
  firstTryCorrect: "İlk denemede doğru",
  rightAnswer: "Doğru cevap",
  answeredRight: "İlk denemede doğru cevaplandı",
  answeredWrong: "İlk cevap yanlış; açıklama gösterildi",
  secondAnswer: "Açıklamadan sonraki cevap",
  noSecondAnswer: "yeniden cevaplanmadı",
};

const en: PdfLabels = {
  kind: "Electronic Consent Document",
  templateVersion: "Template version",
  consentNo: "Consent no",
  signedAt: "Signed at",
  personSection: "Person and procedure",
  name: "Full name",
  nationalId: "National id",
  phone: "Phone",
  approver: "Approved by",
  animal: "Animal",
  physician: "Physician",
  procedure: "Procedure",
  text: "Consent text",
  approvalSection: "Approval and signature",
  statement:
    "The text above was approved and signed electronically after a one-time code sent by SMS to the person's phone was verified, and after the person confirmed having read and understood it.",
  ip: "IP address",
  otpPhone: "Phone verified by SMS (OTP)",
  device: "Browser / device",
  onBehalfOf: (p) => `on behalf of ${p}`,
  approverTypes: { hasta: "Patient (self)", veli: "Parent", vasi: "Legal guardian", sahip: "Animal's owner" },
  interpreter: "Interpreter",
  witness: "Witness",
  informingPhysician: "Physician who informed the person",
  registrationNo: "Registration no",
  informedAt: "Informed at",
  interpretedLanguage: "Language interpreted",
  signingSession: "The person's signing session",
  refusalKind: "Record of Refusal to Sign",
  shownText: "Consent text shown to the person",
  refusalSection: "Refusal on record",
  refusalStatement:
    "The text above was shown and explained to the person. The person refused to sign the consent in the presence of the witness named below.",
  refusalReason: "Reason given",
  recordedBy: "Recorded by",
  recordedAt: "Recorded at",
  sealedStatement:
    "This record is not signed on paper: it is sealed with the institution's electronic seal. Whether it matches the records can be checked at the verification address below.",
  verification: "Document verification",
  verificationText: "Check that this document matches the records by scanning the QR code or opening the address below.",
  contentDigest: "Digest of the consent text (SHA-256, template.content_sha256)",
  comprehensionSection: "Teach-back check",
  firstTryCorrect: "Right at the first try",
  rightAnswer: "Correct answer",
  answeredRight: "Answered correctly at the first try",
  answeredWrong: "First answer wrong; the explanation was shown",
  secondAnswer: "Answer after the explanation",
  noSecondAnswer: "not answered again",
};

const ar: PdfLabels = {
  kind: "وثيقة موافقة إلكترونية",
  templateVersion: "إصدار النموذج",
  consentNo: "رقم الموافقة",
  signedAt: "وقت التوقيع",
  personSection: "بيانات الشخص والإجراء",
  name: "الاسم الكامل",
  nationalId: "رقم الهوية",
  phone: "الهاتف",
  approver: "الموافِق",
  animal: "الحيوان",
  physician: "الطبيب",
  procedure: "الإجراء",
  text: "نص الموافقة",
  approvalSection: "الموافقة والتوقيع",
  statement:
    "تمت الموافقة على النص أعلاه وتوقيعه إلكترونيًا بعد التحقق من رمز لمرة واحدة أُرسل برسالة نصية إلى هاتف الشخص، وبعد أن أكد الشخص أنه قرأه وفهمه.",
  ip: "عنوان IP",
  otpPhone: "الهاتف الذي تم التحقق منه عبر الرسائل النصية (OTP)",
  device: "المتصفح / الجهاز",
  onBehalfOf: (p) => `نيابةً عن ${p}`,
  approverTypes: { hasta: "المريض (بنفسه)", veli: "ولي الأمر", vasi: "الوصي القانوني", sahip: "مالك الحيوان" },
  interpreter: "المترجم",
  witness: "الشاهد",
  informingPhysician: "الطبيب الذي قدّم المعلومات",
  registrationNo: "رقم التسجيل المهني",
  informedAt: "وقت تقديم المعلومات",
  interpretedLanguage: "لغة الترجمة",
  signingSession: "جلسة توقيع الشخص",
  refusalKind: "محضر رفض التوقيع",
  shownText: "نص الموافقة الذي عُرض على الشخص",
  refusalSection: "تسجيل الرفض",
  refusalStatement: "عُرض النص أعلاه على الشخص وشُرح له. ورفض الشخص التوقيع على الموافقة بحضور الشاهد المذكور أدناه.",
  refusalReason: "سبب الرفض",
  recordedBy: "محرّر المحضر",
  recordedAt: "وقت تحرير المحضر",
  sealedStatement: "لا يُوقَّع هذا المحضر على الورق، بل خُتم بالختم الإلكتروني للمؤسسة. ويمكن التحقق من مطابقته للسجلات عبر عنوان التحقق أدناه.",
  verification: "التحقق من الوثيقة",
  verificationText: "تحقق من مطابقة هذه الوثيقة للسجلات بمسح رمز QR أو بفتح العنوان أدناه.",
  contentDigest: "ملخص نص الموافقة (SHA-256، template.content_sha256)",
  comprehensionSection: "التحقق من الفهم",
  firstTryCorrect: "صحيح من المحاولة الأولى",
  rightAnswer: "الإجابة الصحيحة",
  answeredRight: "أُجيب عنه بشكل صحيح من المحاولة الأولى",
  answeredWrong: "الإجابة الأولى خاطئة؛ عُرض الشرح",
  secondAnswer: "الإجابة بعد الشرح",
  noSecondAnswer: "لم تتم الإجابة مرة أخرى",
};

const de: PdfLabels = {
  kind: "Elektronische Einwilligungserklärung",
  templateVersion: "Vorlagenversion",
  consentNo: "Einwilligungs-Nr.",
  signedAt: "Unterzeichnet am",
  personSection: "Person und Eingriff",
  name: "Vor- und Nachname",
  nationalId: "Ausweisnummer",
  phone: "Telefon",
  approver: "Zugestimmt durch",
  animal: "Tier",
  physician: "Arzt/Ärztin",
  procedure: "Eingriff",
  text: "Text der Einwilligung",
  approvalSection: "Zustimmung und Unterschrift",
  statement:
    "Der obige Text wurde elektronisch bestätigt und unterschrieben, nachdem ein per SMS an das Telefon der Person gesendeter Einmalcode bestätigt wurde und die Person erklärt hat, ihn gelesen und verstanden zu haben.",
  ip: "IP-Adresse",
  otpPhone: "Per SMS bestätigtes Telefon (OTP)",
  device: "Browser / Gerät",
  onBehalfOf: (p) => `im Namen von ${p}`,
  approverTypes: { hasta: "Patient/in (selbst)", veli: "Elternteil", vasi: "Gesetzliche/r Vertreter/in", sahip: "Tierhalter/in" },
  interpreter: "Dolmetscher/in",
  witness: "Zeuge/Zeugin",
  informingPhysician: "Aufklärende/r Arzt/Ärztin",
  registrationNo: "Registriernummer",
  informedAt: "Aufgeklärt am",
  interpretedLanguage: "Gedolmetschte Sprache",
  signingSession: "Unterschriftssitzung der Person",
  refusalKind: "Protokoll der Unterschriftsverweigerung",
  shownText: "Der Person vorgelegter Einwilligungstext",
  refusalSection: "Festgehaltene Verweigerung",
  refusalStatement:
    "Der obige Text wurde der Person vorgelegt und erläutert. Die Person hat sich in Anwesenheit des unten genannten Zeugen bzw. der unten genannten Zeugin geweigert, die Einwilligung zu unterschreiben.",
  refusalReason: "Angegebener Grund",
  recordedBy: "Aufgenommen von",
  recordedAt: "Aufgenommen am",
  sealedStatement:
    "Dieses Protokoll wird nicht auf Papier unterschrieben: Es ist mit dem elektronischen Siegel der Einrichtung versiegelt. Ob es mit den Aufzeichnungen übereinstimmt, lässt sich unter der Prüfadresse unten feststellen.",
  verification: "Dokumentprüfung",
  verificationText: "Prüfen Sie die Übereinstimmung dieses Dokuments mit den Aufzeichnungen, indem Sie den QR-Code scannen oder die Adresse unten öffnen.",
  contentDigest: "Prüfsumme des Einwilligungstextes (SHA-256, template.content_sha256)",
  comprehensionSection: "Verständnisprüfung",
  firstTryCorrect: "Beim ersten Versuch richtig",
  rightAnswer: "Richtige Antwort",
  answeredRight: "Beim ersten Versuch richtig beantwortet",
  answeredWrong: "Erste Antwort falsch; die Erklärung wurde gezeigt",
  secondAnswer: "Antwort nach der Erklärung",
  noSecondAnswer: "nicht erneut beantwortet",
};

const ru: PdfLabels = {
  kind: "Электронный документ согласия",
  templateVersion: "Версия шаблона",
  consentNo: "№ согласия",
  signedAt: "Время подписания",
  personSection: "Данные лица и процедуры",
  name: "Фамилия и имя",
  nationalId: "Номер удостоверения личности",
  phone: "Телефон",
  approver: "Подтвердил(а)",
  animal: "Животное",
  physician: "Врач",
  procedure: "Процедура",
  text: "Текст согласия",
  approvalSection: "Согласие и подпись",
  statement:
    "Приведённый выше текст подтверждён и подписан электронно после проверки одноразового кода, отправленного по SMS на телефон лица, и после того, как лицо подтвердило, что прочитало и поняло его.",
  ip: "IP-адрес",
  otpPhone: "Телефон, подтверждённый по SMS (OTP)",
  device: "Браузер / устройство",
  onBehalfOf: (p) => `от имени ${p}`,
  approverTypes: { hasta: "Пациент (сам)", veli: "Родитель", vasi: "Законный опекун", sahip: "Владелец животного" },
  interpreter: "Переводчик",
  witness: "Свидетель",
  informingPhysician: "Врач, проводивший информирование",
  registrationNo: "Регистрационный номер",
  informedAt: "Время информирования",
  interpretedLanguage: "Язык перевода",
  signingSession: "Сеанс подписания лицом",
  refusalKind: "Акт об отказе от подписания",
  shownText: "Текст согласия, показанный лицу",
  refusalSection: "Фиксация отказа",
  refusalStatement:
    "Приведённый выше текст был показан и разъяснён лицу. Лицо отказалось подписать согласие в присутствии указанного ниже свидетеля.",
  refusalReason: "Причина отказа",
  recordedBy: "Составил(а) акт",
  recordedAt: "Время составления акта",
  sealedStatement:
    "Этот акт не подписывается на бумаге: он заверен электронной печатью учреждения. Его соответствие записям можно проверить по адресу проверки ниже.",
  verification: "Проверка документа",
  verificationText: "Проверьте соответствие этого документа записям, отсканировав QR-код или открыв адрес ниже.",
  contentDigest: "Хеш текста согласия (SHA-256, template.content_sha256)",
  comprehensionSection: "Проверка понимания",
  firstTryCorrect: "Верно с первой попытки",
  rightAnswer: "Правильный ответ",
  answeredRight: "Отвечено верно с первой попытки",
  answeredWrong: "Первый ответ неверный; показано пояснение",
  secondAnswer: "Ответ после пояснения",
  noSecondAnswer: "повторно не отвечено",
};

const fr: PdfLabels = {
  kind: "Document de consentement électronique",
  templateVersion: "Version du modèle",
  consentNo: "N° de consentement",
  signedAt: "Signé le",
  personSection: "Personne et intervention",
  name: "Nom et prénom",
  nationalId: "N° d’identité",
  phone: "Téléphone",
  approver: "Approuvé par",
  animal: "Animal",
  physician: "Médecin",
  procedure: "Intervention",
  text: "Texte du consentement",
  approvalSection: "Approbation et signature",
  statement:
    "Le texte ci-dessus a été approuvé et signé électroniquement après vérification d’un code à usage unique envoyé par SMS au téléphone de la personne, et après que celle-ci a confirmé l’avoir lu et compris.",
  ip: "Adresse IP",
  otpPhone: "Téléphone vérifié par SMS (OTP)",
  device: "Navigateur / appareil",
  onBehalfOf: (p) => `au nom de ${p}`,
  approverTypes: { hasta: "Patient(e) (lui-même / elle-même)", veli: "Parent", vasi: "Tuteur légal", sahip: "Propriétaire de l’animal" },
  interpreter: "Interprète",
  witness: "Témoin",
  informingPhysician: "Médecin ayant informé la personne",
  registrationNo: "N° d’inscription",
  informedAt: "Information donnée le",
  interpretedLanguage: "Langue interprétée",
  signingSession: "Session de signature de la personne",
  refusalKind: "Procès-verbal de refus de signer",
  shownText: "Texte du consentement présenté à la personne",
  refusalSection: "Refus constaté",
  refusalStatement:
    "Le texte ci-dessus a été présenté et expliqué à la personne. La personne a refusé de signer le consentement en présence du témoin nommé ci-dessous.",
  refusalReason: "Motif invoqué",
  recordedBy: "Établi par",
  recordedAt: "Établi le",
  sealedStatement:
    "Ce procès-verbal n’est pas signé sur papier\u00a0: il est scellé par le cachet électronique de l’établissement. Sa conformité aux enregistrements peut être vérifiée à l’adresse de vérification ci-dessous.",
  verification: "Vérification du document",
  verificationText: "Vérifiez la conformité de ce document aux enregistrements en scannant le code QR ou en ouvrant l’adresse ci-dessous.",
  contentDigest: "Empreinte du texte du consentement (SHA-256, template.content_sha256)",
  comprehensionSection: "Vérification de la compréhension",
  firstTryCorrect: "Juste du premier coup",
  rightAnswer: "Bonne réponse",
  answeredRight: "Bonne réponse du premier coup",
  answeredWrong: "Première réponse fausse ; l’explication a été montrée",
  secondAnswer: "Réponse après l’explication",
  noSecondAnswer: "pas de nouvelle réponse",
};

export const PDF_LABELS: Record<Language, PdfLabels> = { tr, en, ar, de, ru, fr };

type Texts = { [K in keyof PdfLabels]: PdfLabels[K] extends string ? K : never }[keyof PdfLabels];

/** The labels of a document in `language`: Turkish alone, or "Turkish / the language" for every text. */
export function pdfLabels(language: Language): PdfLabels {
  if (language === "tr") return tr;
  const other = PDF_LABELS[language];
  const both = (a: string, b: string) => `${a} / ${b}`;
  const texts = Object.fromEntries(
    (Object.keys(tr) as (keyof PdfLabels)[]).filter((k): k is Texts => typeof tr[k] === "string").map((k) => [k, both(tr[k], other[k])]),
  ) as Pick<PdfLabels, Texts>;
  return {
    ...texts,
    // Long statements read better one under the other than joined by a slash.
    statement: `${tr.statement}\n${other.statement}`,
    verificationText: `${tr.verificationText}\n${other.verificationText}`,
    onBehalfOf: (p) => both(tr.onBehalfOf(p), other.onBehalfOf(p)),
    approverTypes: {
      hasta: both(tr.approverTypes.hasta, other.approverTypes.hasta),
      veli: both(tr.approverTypes.veli, other.approverTypes.veli),
      vasi: both(tr.approverTypes.vasi, other.approverTypes.vasi),
      sahip: both(tr.approverTypes.sahip, other.approverTypes.sahip),
    },
  };
}

/**
 * One label in Turkish and, in a non-Turkish document, in the document's language, kept apart:
 * bilingual.tsx lays a right-to-left label out on its own, since joined to the Turkish one in a
 * left-to-right line its Latin letters, digits and end punctuation would land on the wrong side.
 */
export interface LabelPair {
  tr: string;
  other: string | null;
  rtl: boolean;
}

export function labelPair(language: Language, pick: (l: PdfLabels) => string): LabelPair {
  return { tr: pick(tr), other: language === "tr" ? null : pick(PDF_LABELS[language]), rtl: directionOf(language) === "rtl" };
}
