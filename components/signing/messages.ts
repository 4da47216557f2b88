// Every string of the patient signing pages, in the six languages of decisions §17: Turkish (the
// reference, and the default) here, English, Arabic, German, Russian and French in ./locales.
// The server's problem details are never shown: the UI picks its own message from status, code and reason.

import type { Language } from "@/lib/i18n/languages";
import type { Messages } from "./message-types";
import { ar } from "./locales/ar";
import { de } from "./locales/de";
import { en } from "./locales/en";
import { fr } from "./locales/fr";
import { ru } from "./locales/ru";

export type { Messages, OnBehalf } from "./message-types";
export type Lang = Language;

const tr: Messages = {
  pageTitle: "Onam formu",
  otherLanguage: "English",
  otherLanguageLabel: "Switch to English",
  institution: "Kurum",
  procedure: "İşlem",
  physician: "Hekim",
  patient: "Hasta",
  validUntil: "Son geçerlilik",
  onBehalf: ({ type, patientName, approverName, relation, animal }) => {
    const who = approverName ? ` ${approverName}${relation ? ` (${relation})` : ""}` : "";
    if (type === "veli") return `Bu formu ${patientName} adına velisi${who} onaylıyor.`;
    if (type === "vasi") return `Bu formu ${patientName} adına vasisi${who} onaylıyor.`;
    const owner = approverName ?? patientName;
    const pet = animal ? [animal.name, animal.species ? (animal.name ? `(${animal.species})` : animal.species) : null].filter(Boolean).join(" ") : "";
    return pet ? `Bu form ${pet} için hayvan sahibi ${owner} tarafından onaylanıyor.` : `Bu form hayvan sahibi ${owner} tarafından onaylanıyor.`;
  },
  textHeading: "Onam metni",
  formUpdatedTitle: "Bu form güncellendi",
  formUpdatedAdded: "Metne eklenenler:",
  textHint: "Lütfen metnin tamamını dikkatle okuyun.",
  readAloud: {
    heading: "Metni dinleyin",
    hint: "Onam metni sesli okunuyor: kaydı oynatıp aşağıdaki metinden takip edebilirsiniz. Okunan, aşağıdaki metnin kendisidir.",
    unsupported: "Tarayıcınız bu ses kaydını oynatamıyor; lütfen metni okuyun.",
  },
  // issue #42: ?lang= asks for a language the form has no text in
  textOnlyIn: (name) => `Bu form yalnızca ${name} dilinde hazırlanmıştır.`,
  showText: "Onam metnini göster",
  waitingTitle: "Onayınızı bekleyen bir onam formu var",
  waitingText: (institution) =>
    `${institution} size bir aydınlatılmış onam formu gönderdi. Formun içeriği, kimliğinizi SMS koduyla doğruladıktan sonra görünür.`,

  outcome: {
    completedTitle: "Bu onam imzalandı",
    completedText: (at) => `İmza tarihi: ${at}`,
    rejectedTitle: "Bu onam reddedildi",
    rejectedText: (at) => `Onaylanmadığı bildirildi: ${at}`,
    expiredTitle: "Bu bağlantının süresi doldu",
    expiredText: (at) => `Bağlantı şu tarihte sona erdi: ${at}`,
    cancelledTitle: "Bu onam iptal edildi",
    cancelledText: (at) => `Kurum tarafından iptal edildi: ${at}`,
    withdrawnTitle: "Bu onam geri alındı",
    withdrawnText: (at) => `İmzalanan onam geri alındı: ${at}`,
    withdrawnMark: (at) => `Geri alındı — ${at}`,
    receiptDownload: "Geri Çekme Tutanağını indirin (PDF)",
    receiptPreparing: "Geri Çekme Tutanağı hazırlanıyor…",
    signedTitle: "İmzanız alındı; hekim onayı bekleniyor",
    signedText: (at) => `İmza tarihi: ${at}. Sizi bilgilendiren hekim de imzaladığında onam tamamlanır.`,
    signedCopyLater: "Onam tamamlandığında imzalı belgenizi bu bağlantıdan, yeni bir SMS koduyla indirebilirsiniz.",
    supersededTitle: "Bu onam yenilendi",
    supersededText: (at) => `Metnin yeni sürümüyle yeniden onay alındı: ${at}`,
    textUpdatedTitle: "Bu formun metni güncellendi",
    textUpdatedText: "Bu bağlantıdaki metin artık geçerli değil; imzalanamaz. Kurum size güncel metinle yeni bir bağlantı gönderecek.",
    contact: "Bu bağlantıyla artık işlem yapılamaz. Sorunuz varsa kurumla iletişime geçin.",
    contactSigned: "Sorunuz varsa kurumla iletişime geçin.",
    purged: "Onam metni ve kişisel bilgileriniz, kurumun saklama tercihi gereği bu hizmetten silindi; kaydın aslı kurumda saklanır.",
  },

  notFoundTitle: "Bağlantı bulunamadı",
  notFoundText: "Bu imza bağlantısı geçersiz ya da artık kullanılamıyor. Lütfen size SMS gönderen kurumla iletişime geçin.",
  pageNotFoundTitle: "Sayfa bulunamadı",
  pageNotFoundText: "Bu adreste bir sayfa yok. Lütfen adresi kontrol edin.",
  unavailableTitle: "Hizmet şu anda kullanılamıyor",
  unavailableText: "Sistem kısa süreliğine yanıt veremiyor. Bağlantınız geçerliliğini koruyor; lütfen birkaç dakika sonra sayfayı yeniden açın.",

  withdrawHeading: "Onamınızı geri almak mı istiyorsunuz?",
  withdrawIntro: (phone) =>
    `İmzaladığınız onamı geri alabilirsiniz; kurum bilgilendirilir, imzalı belge ve kanıtlar saklanır. Önce ${phone} numaralı telefona göndereceğimiz yeni kodla kimliğinizi doğrulayın.`,
  withdrawStart: "Onamımı geri almak istiyorum",
  withdrawReasonLabel: "Gerekçe (isteğe bağlı)",
  withdrawConfirm: "Onamımı geri al",
  withdrawing: "Geri alınıyor…",
  withdrawDone: "Onamınız geri alındı; kurum bilgilendirildi.",
  withdrawIntroVerified: "İmzaladığınız onamı geri alabilirsiniz; kurum bilgilendirilir, imzalı belge ve kanıtlar saklanır.",
  withdrawConsequence: "Onamınızı geri alırsanız onam bu andan itibaren geçersiz olur; kurum bilgilendirilir. İmzaladığınız belge değiştirilmez, kayıt olarak saklanır. Size ve kuruma mühürlü bir Geri Çekme Tutanağı hazırlanır. Bu işlem geri alınamaz.",
  withdrawCancel: "Vazgeç",
  copyHeading: "İmzalı belgeniz",
  copyIntro: (phone) =>
    `İmzalı onam belgenizi buradan indirebilirsiniz. Önce ${phone} numaralı telefona göndereceğimiz yeni kodla kimliğinizi doğrulayın.`,
  copyStart: "Belgemi indirmek istiyorum",
  stepVerify: "1. Telefonunuzu doğrulayın",
  verifyIntro: (phone) =>
    `Onaylamak ya da onaylamamak için önce kimliğinizi doğrulamanız gerekir. ${phone} numaralı telefona SMS ile 6 haneli bir kod göndereceğiz.`,
  sendCode: "SMS ile kod gönder",
  sendingCode: "Kod gönderiliyor…",
  codeSent: (phone) => `Kod ${phone} numarasına gönderildi.`,
  codeRecentlySent: "Kısa süre önce bir kod gönderildi. O kodu girebilir ya da biraz sonra yeni kod isteyebilirsiniz.",
  codeValidFor: (mmss) => `Kodun kalan geçerlilik süresi: ${mmss}`,
  codeExpiredHint: "Kodun süresi doldu. Lütfen yeni kod isteyin.",
  resendIn: (s) => `Yeni kodu ${s} saniye sonra isteyebilirsiniz.`,
  resendCode: "Yeni kod gönder",
  codeLabel: "SMS ile gelen 6 haneli kod",
  codeHelp: "Yalnızca rakamlar, örneğin 123456.",
  verify: "Kodu doğrula",
  verifying: "Doğrulanıyor…",
  verified: "Telefonunuz doğrulandı.",
  codeFormat: "Lütfen 6 haneli kodu girin.",
  wrongCode: (n) => `Kod hatalı. Kalan deneme hakkınız: ${n}.`,
  otpLocked: "Çok sayıda hatalı deneme yapıldı. Bu kod artık kullanılamaz; lütfen yeni kod isteyin.",
  otpExpired: "Kodun süresi doldu. Lütfen yeni kod isteyin.",
  otpMissing: "Önce SMS ile kod isteyin.",
  rateLimited: (s) => `Kısa süre önce kod gönderildi. Yeni kodu ${s} saniye sonra isteyebilirsiniz.`,
  tooManyCodes: (s) => `Çok sayıda kod istendi. Yeni kodu ${s < 90 ? `${s} saniye` : `${Math.ceil(s / 60)} dakika`} sonra isteyebilirsiniz.`,
  linkPaused:
    "Çok sayıda hatalı kod girildiği için bu bağlantı güvenliğiniz için bir süre durduruldu. Onamınız ve belgeniz güvende; süre dolunca yeni kod isteyebilirsiniz.",
  newCodeIn: (time) => `Yeni kodu ${time} sonra isteyebilirsiniz.`,
  newCodeReady: "Artık yeni kod isteyebilirsiniz.",
  linkLocked:
    "Çok sayıda kod istendi ya da hatalı kod girildi; güvenliğiniz için bu bağlantı kilitlendi. Lütfen size SMS gönderen kurumla iletişime geçin; kurum bağlantıyı yeniden gönderebilir.",

  stepApprove: "2. Onayınız",
  readLabel: "Okudum.",
  readText: "Yukarıdaki onam metninin tamamını okudum.",
  // issue #42: the "read" box waits for the end of the text
  readHint: "Bu kutu, onam metnini sonuna kadar kaydırdığınızda açılır.",
  jumpToEnd: "Metnin sonuna git",
  understoodLabel: "Anladım.",
  understoodText: "Metinde açıklanan işlemi, olası riskleri ve sonuçlarını anladım.",
  stepSignature: "3. İmzanız",
  signatureHelp: "Aşağıdaki alana parmağınızla ya da farenizle imzanızı atın.",
  signatureCanvas: "İmza alanı",
  signatureLine: "İmza",
  clear: "Temizle",
  undo: "Geri al",
  signatureEmpty: "İmza alanı boş.",
  // decisions §23: a typed name instead of a drawing (keyboard and screen-reader users)
  typeInstead: "Adınızı yazarak imzalayın",
  drawInstead: "Çizerek imzalayın",
  typedLabel: "Adınız ve soyadınız",
  typedHelp: "İmza olarak adınızı ve soyadınızı yazın. Belgede “yazılarak imzalandı” notuyla yer alır.",
  missingTyped: "adınızı yazın",
  missingIntro: "Onaylamak için:",
  missingRead: "“Okudum” kutusunu işaretleyin",
  missingUnderstood: "“Anladım” kutusunu işaretleyin",
  inPersonTitle: "Bu onam kurumda imzalanır",
  inPersonText: "Bu formu kurumdaki görevli, kimliğinizi yüz yüze doğruladıktan sonra kurumun cihazında açar. Bu bağlantıyla görüntülenemez ve imzalanamaz.",
  kioskExit: "Görevli: kiosktan çık",
  clausesHeading: "Onam maddeleri",
  clausesIntro: "Her maddeyi okuyun. Zorunlu maddeleri işaretlemeden imzalayamazsınız; isteğe bağlı olanları işaretlemeyebilirsiniz, yanıtınız kaydedilir.",
  clauseRequired: "(zorunlu)",
  clauseOptional: "(isteğe bağlı)",
  missingClauses: "zorunlu maddeleri işaretleyin",
  missingSignature: "imzanızı atın",
  interpreterHeading: (name) => `Tercümanın imzası: ${name}`,
  interpreterHelp: "Metni size açıklayan tercüman da aşağıdaki alana imzasını atar.",
  missingInterpreter: "tercüman imzalasın",
  witnessHeading: (name) => `Tanığın imzası: ${name}`,
  witnessHelp: "İmzanıza tanıklık eden kişi, sizden sonra aşağıdaki alana imzasını atar.",
  missingWitness: "tanık imzalasın",
  approve: "Onaylıyorum ve imzalıyorum",
  approving: "İmzanız gönderiliyor…",
  signInvalid: "İmza ya da onay kutuları eksik. Lütfen kontrol edip tekrar deneyin.",
  // decisions §22: the teach-back questions between the text and the signature
  teachBack: {
    heading: "Anladıklarınızı kontrol edelim",
    intro: "Metinle ilgili birkaç kısa soru. Cevaplarınız onay vermenizi engellemez; yanlış bir cevapta kısa bir açıklama gösteririz.",
    progress: (n, total) => `Soru ${n} / ${total}`,
    correct: "Doğru.",
    wrong: "Bu cevap doğru değil.",
    stillWrong: "Bu cevap da doğru değil.",
    rightAnswer: "Doğru cevap:",
    explanationFallback: "Lütfen metnin bu konudaki bölümünü yeniden okuyun.",
    tryAgain: "Soruyu yeniden cevaplayabilir ya da devam edebilirsiniz.",
    next: "Sonraki soru",
    finish: "İmzaya geç",
    skip: "Cevaplamadan devam et",
  },

  decline: "Onaylamıyorum",
  declineHeading: "Onaylamıyorum",
  declineIntro: "Onam vermek istemediğinizi kuruma bildireceğiz. İsterseniz nedenini yazabilirsiniz.",
  declineReasonLabel: "Nedeni (isteğe bağlı)",
  declineReasonHelp: "Bu açıklama kuruma iletilir.",
  declineContinue: "Devam et",
  declineCancel: "Vazgeç",
  confirmHeading: "Emin misiniz?",
  confirmText: "Onaylamadığınızı bildirdiğinizde bu işlem geri alınamaz ve bu bağlantı kapanır. Kurum bilgilendirilir.",
  confirmYes: "Evet, onaylamıyorum",
  confirmBack: "Geri dön",
  declining: "Gönderiliyor…",

  doneSignedTitle: "Onamınız alındı",
  doneSignedText: (at) => `İmzanız kaydedildi (${at}). Kurum bilgilendirildi. Bu sayfayı kapatabilirsiniz.`,
  doneDeclinedTitle: "Onaylamadığınız bildirildi",
  doneDeclinedText: (at) => `Kararınız kaydedildi (${at}). Kurum bilgilendirildi. Bu sayfayı kapatabilirsiniz.`,
  doneClose: "Teşekkür ederiz.",
  doneDownload: "İmzalı belgenizi indirin (PDF)",
  documentPreparing: "Belgeniz hazırlanıyor…",
  documentPreparingSlow: "Belgenin hazırlanması her zamankinden uzun sürüyor. Bu sayfayı açık tutabilir ya da daha sonra bu bağlantıdan indirebilirsiniz.",

  otpRequired: "Doğrulamanızın süresi doldu. Lütfen yeni kod isteyip telefonunuzu tekrar doğrulayın.",
  smsFailed: "SMS şu anda gönderilemedi. Lütfen bir dakika sonra tekrar deneyin.",
  closed: "Bu onam artık işlem kabul etmiyor. Sayfa güncelleniyor…",
  genericError: "Bir sorun oluştu. Lütfen biraz sonra tekrar deneyin.",
  networkError: "Sunucuya ulaşılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.",
};

export const messages: Record<Lang, Messages> = { tr, en, ar, de, ru, fr };
