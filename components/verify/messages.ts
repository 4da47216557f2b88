// Every string of the public verification page, in the six languages of decisions §17: Turkish (the
// reference, and the default) and English here, Arabic, German, Russian and French in ./locales.
// The server's problem details are never shown: the page picks its own message from the status and code.
import type { Language } from "@/lib/i18n/languages";
import type { ConsentStatus } from "@/lib/contract/enums";
import type { Messages } from "./message-types";
import { ar } from "./locales/ar";
import { de } from "./locales/de";
import { fr } from "./locales/fr";
import { ru } from "./locales/ru";

export type { Messages };
export type Lang = Language;

const STATUS_TR: Record<ConsentStatus | "draft", string> = {
  draft: "taslak",
  sent: "imza bekliyor",
  completed: "imzalandı",
  rejected: "reddedildi",
  expired: "süresi doldu",
  cancelled: "iptal edildi",
  withdrawn: "imzalandı, sonra geri alındı",
  signed: "imzalandı, hekim onayı bekleniyor",
  superseded: "yenilendi (daha yeni bir onamla)",
};
const STATUS_EN: Record<ConsentStatus | "draft", string> = {
  draft: "draft",
  sent: "awaiting signature",
  completed: "signed",
  rejected: "declined",
  expired: "expired",
  cancelled: "cancelled",
  withdrawn: "signed, then withdrawn",
  signed: "signed, awaiting the physician's countersignature",
  superseded: "renewed by a newer consent",
};

const tr: Messages = {
  pageTitle: "Belge doğrulama",
  intro:
    "Elinizdeki onam belgesinin (PDF) imzalandığından beri değiştirilip değiştirilmediğini kontrol edin. Siz istemedikçe dosya bilgisayarınızdan ya da telefonunuzdan gönderilmez: yalnızca tarayıcınızda hesaplanan SHA-256 özeti gönderilir.",
  otherLanguage: "English",
  otherLanguageLabel: "Switch to English",
  languages: "Bu sayfanın dilleri",

  idLabel: "Belge numarası (isteğe bağlı)",
  idHelp: "PDF’teki numara, örneğin ons_261122_… Boş bırakırsanız belge, dosyanın özetiyle bulunur.",
  methodLegend: "Neyi kontrol etmek istiyorsunuz?",
  methodFile: "PDF dosyasıyla",
  methodHash: "SHA-256 özetiyle",
  fileLabel: "PDF dosyasını seçin",
  fileDrop: "PDF dosyasını buraya bırakın",
  fileChoose: "ya da dosya seçin",
  fileHelp: "Dosya yüklenmez; özeti tarayıcınızda hesaplanır.",
  fileChosen: (name, size) => `Seçilen dosya: ${name} (${size})`,
  hashLabel: "SHA-256 özeti",
  hashHelp: "64 karakter, 0-9 ve a-f. Örneğin: sha256sum onam.pdf",
  submit: "Doğrula",
  hashing: "Dosyanın özeti hesaplanıyor…",
  checking: "Kontrol ediliyor…",

  digestNotFoundTitle: "Bu dosyayla eşleşen kayıtlı bir belge bulunamadı",
  digestNotFoundText:
    "Dosya imzalandıktan sonra değiştirilmiş ya da bu hizmette üretilmemiş olabilir. PDF’teki belge numarasını da girip tekrar deneyin.",
  badId: "Bu geçerli bir belge numarası değil. Lütfen PDF’teki “ons_” ile başlayan numarayı kontrol edin.",
  missingFile: "Lütfen bir PDF dosyası seçin.",
  badHash: "SHA-256 özeti 64 onaltılık karakter (0-9, a-f) olmalıdır.",
  readFailed: "Dosya okunamadı. Lütfen tekrar seçin.",
  noSubtle: "Bu tarayıcı dosyanın özetini hesaplayamıyor. Lütfen “SHA-256 özetiyle” seçeneğini kullanın.",

  matchTitle: "Eşleşiyor — bu belge imzalandığından beri değiştirilmemiş",
  matchRecordTitle: "Eşleşiyor — bu tutanak kaydedildiğinden beri değiştirilmemiş",
  matchReceiptTitle: "Eşleşiyor — bu Geri Çekme Tutanağı düzenlendiğinden beri değiştirilmemiş",
  receiptOf: (id) => `Bu dosya, ${id} numaralı onamın Geri Çekme Tutanağıdır: kişinin onamını geri aldığını kayda geçirir. İmzalanan onam belgesi ayrıca saklanır.`,
  mismatchTitle: "Eşleşmiyor — bu belge kayıtlı belgeyle aynı değil (değiştirilmiş olabilir)",
  notFoundTitle: "Bu numarayla kayıtlı belge bulunamadı",
  notFoundText: "Belge numarasını PDF’tekiyle karşılaştırıp tekrar deneyin.",
  mismatchText:
    "Kontrol ettiğiniz dosya, bu numarayla kayıtlı imzalı belgenin birebir kopyası değil. Belgenin aslını kurumdan isteyin.",
  unsignedTitle: "Bu onam imzalanmamış — doğrulanacak imzalı belge yok",
  unsignedText: "Bu numarayla kayıtlı onam için henüz imzalı bir belge üretilmedi; elinizdeki dosya imzalı bir belge olamaz.",
  institution: "Kurum",
  documentId: "Belge numarası",
  signedAt: "İmza zamanı",
  notSigned: "imzalanmadı",
  status: (s) => STATUS_TR[s as ConsentStatus] ?? s,
  recordTitle: "Kayıttaki durum",
  recordUnknown: "Bu numarayla bir onam bulunamadı. Numarayı belgedeki QR kodundan ya da belgenin altındaki onam numarasından kontrol edin.",
  recordLimited: "Çok fazla sorgu yapıldı; durumu görmek için biraz sonra sayfayı yenileyin.",
  recordChanges: "Bu, onamın bugünkü durumudur: imzadan sonra değişebilir (geri alınabilir ya da yeni bir onamla yenilenebilir). Basılı belge bunu göstermez.",
  recordAsk: "Elinizdeki belgenin kayıttaki belgeyle bayt bayt aynı olduğunu görmek için PDF dosyasını aşağıda seçin.",
  statusLabel: "Durum",
  timestamp: "Zaman damgası",
  tsProvider: "Sağlayıcı",
  tsTime: "Zaman",
  tsSerial: "Seri numarası",
  tsLegal: "yasal geçerliliği olan zaman damgası",
  tsTest: "test zaman damgası (yasal geçerliliği yok)",
  tsQueued: "henüz alınmadı (sırada)",
  tsFailed: "alınamadı",
  tsNone: "yok",
  computedHash: "Hesaplanan SHA-256",
  seal: "Belge mührü (PAdES)",
  sealValid: (signer, level) => `geçerli — ${signer} (${level})`,
  sealNone: "yok (belge mühürsüz)",
  log: "Kamuya açık kayıt defteri",
  logEntry: (position, signedAt) => `${position}. sırada kayıtlı; kontrol noktası ${signedAt} tarihinde imzalandı`,

  verdictValid: "GEÇERLİ — her denetim sağlandı",
  verdictInvalid: "GEÇERSİZ",
  signaturesTitle: "Belgedeki imzalar",
  roles: { seal: "Kurum mührü", physician: "Hekimin nitelikli elektronik imzası", timestamp: "İmza zaman damgası", "document-timestamp": "Arşiv zaman damgası" },
  sigValid: "geçerli",
  sigInvalid: "geçersiz",
  sigTrusted: "güvenilir",
  sigUntrusted: "güvenilir değil",
  sigQualified: "nitelikli",
  level: "Düzey (PAdES)",
  reasonKinds: {
    structure: "Bu dosya mühürlü bir PDF olarak okunamıyor.",
    changed: "Belge mühürlendikten sonra değiştirilmiş: mühürden sonra sayfaya ya da belgeye bir şey eklenmiş.",
    signature: "Belgedeki imzalardan biri geçersiz ya da güvenilir bir kaynaktan değil.",
    evidence: "Belgenin içindeki kanıt kayıtları (kanit.json) ya da kamuya açık kayıt defteri kanıtı doğrulanamadı.",
  },
  reasonDetail: "Doğrulayıcının teknik açıklaması",
  fileCheckTitle: "Dosyanın kendisini inceletin",
  fileCheckText:
    "Neden eşleşmediğini görmek isterseniz dosyayı bir kez sunucuya gönderebilirsiniz: mühür, imzalar ve mühürden sonraki değişiklikler incelenir. Dosya saklanmaz; yalnızca sonuç gösterilir.",
  fileCheckButton: "Dosyayı gönder ve incelet",
  fileChecking: "Dosya inceleniyor…",
  fileCheckValidTitle: "Dosyanın kendisi: GEÇERLİ — mühür ve imzalar sağlam",
  fileCheckInvalidTitle: "Dosyanın kendisi: GEÇERSİZ",
  fileCheckDocument: "Dosyadaki belge numarası",
  fileTooLarge: "Dosya bu sayfada incelenemeyecek kadar büyük. Bilgisayarınızda npx e-onam-verify ile inceleyin.",
  fileNotPdf: "Bu dosya bir PDF değil.",

  rateLimited: (s) => `Çok sayıda deneme yapıldı. Lütfen ${s} saniye sonra tekrar deneyin.`,
  genericError: "Bir sorun oluştu. Lütfen biraz sonra tekrar deneyin.",
  networkError: "Sunucuya ulaşılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.",

  guideTitle: "Hizmete güvenmeden doğrulayın",
  guideIntro:
    "Bu sayfanın cevabına güvenmek zorunda değilsiniz. Aşağıdaki adımlar yalnızca belge, zaman damgası ve kanıt dosyasıyla, kendi bilgisayarınızda yapılabilir.",
  guidePdfTitle: "1. Belgenin özeti",
  guidePdfText: "Çıkan değer, kurumun size verdiği document.sha256 ile aynı olmalıdır:",
  guideTsTitle: "2. Zaman damgası (RFC 3161)",
  guideTsText: (url) =>
    `Zaman damgası yanıtını (onam.tsr) ve sağlayıcının sertifikasını (tsa.pem, test sağlayıcısı için ${url}) indirip belgenin özetiyle doğrulayın; “Verification: OK” çıkmalıdır:`,
  guideChainTitle: "3. Kanıt zinciri",
  guideChainText:
    "Kanıt dosyasındaki (JSON) her kaydın hash değeri, kaydın hash alanı çıkarılmış halinin RFC 8785 (JCS) kanonik JSON’unun SHA-256 özetidir; prev_hash bir önceki kaydın hash değerine eşittir (ilk kayıtta null). Node.js ile:",
  guideChainNote: "Kurulum: npm install canonicalize — çalıştırma: node zincir.mjs kanit.json",
  guideSealTitle: "4. PDF’in kendi mührü ve içindeki kanıt",
  guideSealText: (url) =>
    `Belge mühürlüdür (PAdES, PDF/A-3): Adobe Reader gibi her PDF okuyucu mührü gösterir. Komut satırında poppler’ın pdfsig aracı “Signature is Valid” yazmalıdır; mühür sertifikasının kökünü (${url}) güvenilir olarak ekleyen “Certificate is Trusted” da görür. İmzaya kadarki kanıt kayıtları belgenin içindedir (kanit.json); pdfdetach ile çıkarıp 3. adımdaki betikle doğrulayın:`,
  guideDetachText: "Mühür, mühürlendiği andaki dosyanın baytlarını kapsar: o bölümde değişen bir bayt mührü geçersiz kılar. Mühürden sonra dosyanın sonuna eklenen bölümleri (arşiv zaman damgası gibi) ise mühür kapsamaz; pdfsig böyle bir belge için \"Not total document signed\" der ve eklenenin ne olduğunu söylemez. İkinci imza, belgenin tamamını kapsayan arşiv zaman damgasıdır (PAdES B-LTA). Mühürden sonra yalnızca izin verilen eklemelerin yapıldığını da denetleyen tek adım: npx e-onam-verify onam.pdf --key log.key",
};

const en: Messages = {
  pageTitle: "Document verification",
  intro:
    "Check that the consent document (PDF) you hold has not been changed since it was signed. Unless you ask for it, the file never leaves your computer or phone: only its SHA-256 digest, computed in your browser, is sent.",
  otherLanguage: "Türkçe",
  otherLanguageLabel: "Türkçe'ye geç",
  languages: "This page in other languages",

  idLabel: "Document number (optional)",
  idHelp: "The number on the PDF, for example ons_261122_… Left empty, the document is found by the file’s digest.",
  methodLegend: "What do you want to check?",
  methodFile: "With the PDF file",
  methodHash: "With a SHA-256 digest",
  fileLabel: "Choose the PDF file",
  fileDrop: "Drop the PDF file here",
  fileChoose: "or choose a file",
  fileHelp: "The file is not uploaded; its digest is computed in your browser.",
  fileChosen: (name, size) => `Chosen file: ${name} (${size})`,
  hashLabel: "SHA-256 digest",
  hashHelp: "64 characters, 0-9 and a-f. For example: sha256sum onam.pdf",
  submit: "Verify",
  hashing: "Computing the file’s digest…",
  checking: "Checking…",

  digestNotFoundTitle: "No recorded document matches this file",
  digestNotFoundText:
    "The file may have been changed since it was signed, or was not produced by this service. Enter the document number from the PDF as well and try again.",
  badId: "This is not a valid document number. Please check the number starting with “ons_” on the PDF.",
  missingFile: "Please choose a PDF file.",
  badHash: "The SHA-256 digest must be 64 hexadecimal characters (0-9, a-f).",
  readFailed: "The file could not be read. Please choose it again.",
  noSubtle: "This browser cannot compute the file’s digest. Please use the “With a SHA-256 digest” option.",

  matchTitle: "Matches — this document has not been changed since it was signed",
  matchRecordTitle: "Matches — this record has not been changed since it was recorded",
  matchReceiptTitle: "Matches — this withdrawal receipt has not been changed since it was issued",
  receiptOf: (id) => `This file is the withdrawal receipt (Geri Çekme Tutanağı) of consent ${id}: it records that the person withdrew their consent. The signed consent document is kept separately.`,
  mismatchTitle: "Does not match — this document is not the same as the recorded one (it may have been altered)",
  notFoundTitle: "No document is recorded under this number",
  notFoundText: "Compare the document number with the one on the PDF and try again.",
  mismatchText:
    "The file you checked is not an exact copy of the signed document recorded under this number. Ask the institution for the original.",
  unsignedTitle: "This consent has not been signed — there is no signed document to check",
  unsignedText: "No signed document has been produced for the consent recorded under this number, so the file you have cannot be one.",
  institution: "Institution",
  documentId: "Document number",
  signedAt: "Signed at",
  notSigned: "not signed",
  status: (s) => STATUS_EN[s as ConsentStatus] ?? s,
  recordTitle: "Status on record",
  recordUnknown: "No consent has this number. Check the number against the document's QR code or the consent number at the foot of the document.",
  recordLimited: "Too many lookups; reload the page shortly to see the status.",
  recordChanges: "This is the consent's status today: it can change after signing (withdrawn, or renewed by a new consent). A printout does not show it.",
  recordAsk: "To see that the document you hold is byte for byte the one on record, choose its PDF file below.",
  statusLabel: "Status",
  timestamp: "Timestamp",
  tsProvider: "Provider",
  tsTime: "Time",
  tsSerial: "Serial number",
  tsLegal: "legally valid timestamp",
  tsTest: "test timestamp (not legally valid)",
  tsQueued: "not obtained yet (queued)",
  tsFailed: "could not be obtained",
  tsNone: "none",
  computedHash: "Computed SHA-256",
  seal: "Document seal (PAdES)",
  sealValid: (signer, level) => `valid — ${signer} (${level})`,
  sealNone: "none (the document is not sealed)",
  log: "Public log",
  logEntry: (position, signedAt) => `recorded in the public log at position ${position}; checkpoint signed at ${signedAt}`,

  verdictValid: "VALID — every check holds",
  verdictInvalid: "INVALID",
  signaturesTitle: "Signatures in the document",
  roles: { seal: "Institution’s seal", physician: "Physician’s qualified electronic signature", timestamp: "Signature time-stamp", "document-timestamp": "Archive time-stamp" },
  sigValid: "valid",
  sigInvalid: "not valid",
  sigTrusted: "trusted",
  sigUntrusted: "not trusted",
  sigQualified: "qualified",
  level: "Level (PAdES)",
  reasonKinds: {
    structure: "This file cannot be read as a sealed PDF.",
    changed: "The document was changed after it was sealed: something was added to a page or to the document after the seal.",
    signature: "One of the document’s signatures is not valid, or does not come from a trusted source.",
    evidence: "The evidence records inside the document (kanit.json) or their proof in the public log could not be verified.",
  },
  reasonDetail: "The verifier’s technical detail",
  fileCheckTitle: "Have the file itself checked",
  fileCheckText:
    "To see why it does not match, you may send the file to the server once: its seal, its signatures and any change after the seal are checked. The file is not kept; only the result is shown.",
  fileCheckButton: "Send the file and check it",
  fileChecking: "Checking the file…",
  fileCheckValidTitle: "The file itself: VALID — its seal and signatures hold",
  fileCheckInvalidTitle: "The file itself: INVALID",
  fileCheckDocument: "Document number in the file",
  fileTooLarge: "The file is too large to be checked on this page. Check it on your computer with npx e-onam-verify.",
  fileNotPdf: "This file is not a PDF.",

  rateLimited: (s) => `Too many attempts. Please try again in ${s} seconds.`,
  genericError: "Something went wrong. Please try again in a moment.",
  networkError: "Could not reach the server. Please check your internet connection and try again.",

  guideTitle: "Verify without trusting us",
  guideIntro:
    "You do not have to trust this page’s answer. The steps below need only the document, the timestamp and the evidence file, on your own computer.",
  guidePdfTitle: "1. The document’s digest",
  guidePdfText: "The output must equal the document.sha256 the institution gave you:",
  guideTsTitle: "2. The timestamp (RFC 3161)",
  guideTsText: (url) =>
    `Download the timestamp reply (onam.tsr) and the provider’s certificate (tsa.pem; for the test provider ${url}) and verify them against the document’s digest; it must print “Verification: OK”:`,
  guideChainTitle: "3. The evidence chain",
  guideChainText:
    "In the evidence file (JSON), each record’s hash is the SHA-256 of the RFC 8785 (JCS) canonical JSON of the record without its hash member, and prev_hash equals the previous record’s hash (null for the first). With Node.js:",
  guideChainNote: "Setup: npm install canonicalize — run: node chain.mjs evidence.json",
  guideSealTitle: "4. The PDF’s own seal and the evidence inside it",
  guideSealText: (url) =>
    `The document is sealed (PAdES, PDF/A-3): any PDF reader such as Adobe Reader shows the seal. On the command line, poppler’s pdfsig must print “Signature is Valid”; with the seal certificate’s root (${url}) added as trusted it also prints “Certificate is Trusted”. The evidence records up to the signature are inside the document (kanit.json); extract them with pdfdetach and check them with the script of step 3:`,
  guideDetachText: "The seal covers the file's bytes as they were when it was sealed: a byte changed there makes the seal invalid. Parts appended to the file after the seal (such as the archive time-stamp) are not covered by it; for such a file pdfsig says \"Not total document signed\" and does not say what was added. The second signature is the archive time-stamp over the whole document (PAdES B-LTA). One step that also checks that only permitted additions follow the seal: npx e-onam-verify onam.pdf --key log.key",
};

export const messages: Record<Lang, Messages> = { tr, en, ar, de, ru, fr };
