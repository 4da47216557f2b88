// Every string of the patient signing pages, in the six languages of decisions §17: Turkish (the
// reference, and the default) and English here, Arabic, German, Russian and French in ./locales.
// The server's problem details are never shown: the UI picks its own message from status, code and reason.

import { LANGUAGES, type Language } from "@/lib/i18n/languages";
import type { Messages } from "./message-types";
import { ar } from "./locales/ar";
import { de } from "./locales/de";
import { fr } from "./locales/fr";
import { ru } from "./locales/ru";

export type { Messages, OnBehalf } from "./message-types";
export type Lang = Language;
export const LANGS: readonly Lang[] = LANGUAGES;

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
    signedTitle: "İmzanız alındı; hekim onayı bekleniyor",
    signedText: (at) => `İmza tarihi: ${at}. Sizi bilgilendiren hekim de imzaladığında onam tamamlanır.`,
    signedCopyLater: "Onam tamamlandığında imzalı belgenizi bu bağlantıdan, yeni bir SMS koduyla indirebilirsiniz.",
    supersededTitle: "Bu onam yenilendi",
    supersededText: (at) => `Metnin yeni sürümüyle yeniden onay alındı: ${at}`,
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

  otpRequired: "Doğrulamanızın süresi doldu. Lütfen yeni kod isteyip telefonunuzu tekrar doğrulayın.",
  smsFailed: "SMS şu anda gönderilemedi. Lütfen bir dakika sonra tekrar deneyin.",
  closed: "Bu onam artık işlem kabul etmiyor. Sayfa güncelleniyor…",
  genericError: "Bir sorun oluştu. Lütfen biraz sonra tekrar deneyin.",
  networkError: "Sunucuya ulaşılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.",
};

const en: Messages = {
  pageTitle: "Consent form",
  otherLanguage: "Türkçe",
  otherLanguageLabel: "Türkçe'ye geç",
  institution: "Institution",
  procedure: "Procedure",
  physician: "Physician",
  patient: "Patient",
  validUntil: "Valid until",
  onBehalf: ({ type, patientName, approverName, relation, animal }) => {
    const who = approverName ? `${approverName}${relation ? ` (${relation})` : ""}` : "";
    if (type === "veli") return who ? `${who}, as parent, approves this form on behalf of ${patientName}.` : `A parent approves this form on behalf of ${patientName}.`;
    if (type === "vasi") return who ? `${who}, as legal guardian, approves this form on behalf of ${patientName}.` : `A legal guardian approves this form on behalf of ${patientName}.`;
    const owner = approverName ?? patientName;
    const pet = animal ? [animal.name, animal.species ? (animal.name ? `(${animal.species})` : animal.species) : null].filter(Boolean).join(" ") : "";
    return pet ? `This form is approved for the animal ${pet} by its owner ${owner}.` : `This form is approved by the animal's owner ${owner}.`;
  },
  textHeading: "Consent text",
  textHint: "Please read the whole text carefully.",
  readAloud: {
    heading: "Listen to the text",
    hint: "The consent text is read aloud: play the recording and follow along in the text below. What is read is the text below itself.",
    unsupported: "Your browser cannot play this recording; please read the text.",
  },
  // issue #42: ?lang= asks for a language the form has no text in
  textOnlyIn: (name) => `This form is available only in ${name}.`,
  showText: "Show the consent text",
  waitingTitle: "A consent form is waiting for you",
  waitingText: (institution) =>
    `${institution} has sent you an informed-consent form. Its content is shown once you have verified your identity with an SMS code.`,

  outcome: {
    completedTitle: "This consent has been signed",
    completedText: (at) => `Signed on ${at}`,
    rejectedTitle: "This consent was declined",
    rejectedText: (at) => `Declined on ${at}`,
    expiredTitle: "This link has expired",
    expiredText: (at) => `The link expired on ${at}`,
    cancelledTitle: "This consent was cancelled",
    cancelledText: (at) => `Cancelled by the institution on ${at}`,
    withdrawnTitle: "This consent was withdrawn",
    withdrawnText: (at) => `The signed consent was withdrawn on ${at}`,
    signedTitle: "Signed; awaiting the physician",
    signedText: (at) => `Signed on ${at}. The consent is complete once the physician who informed you has signed too.`,
    signedCopyLater: "Once it is complete, you can download your signed document from this link with a new SMS code.",
    supersededTitle: "This consent was renewed",
    supersededText: (at) => `Consent was given again on a new version of the text: ${at}`,
    contact: "No further action is possible with this link. If you have questions, please contact the institution.",
    contactSigned: "If you have questions, please contact the institution.",
    purged: "The consent text and your personal details have been deleted from this service, as the institution keeps its own records; the original is held by the institution.",
  },

  notFoundTitle: "Link not found",
  notFoundText: "This signing link is invalid or no longer available. Please contact the institution that sent you the SMS.",
  pageNotFoundTitle: "Page not found",
  pageNotFoundText: "There is no page at this address. Please check the address.",
  unavailableTitle: "Service temporarily unavailable",
  unavailableText: "The system cannot respond right now. Your link remains valid; please open the page again in a few minutes.",

  withdrawHeading: "Do you want to withdraw your consent?",
  withdrawIntro: (phone) =>
    `You may withdraw the consent you signed; the institution is informed, and the signed document and its evidence are kept. First confirm it is you with a new code we send to ${phone}.`,
  withdrawStart: "I want to withdraw my consent",
  withdrawReasonLabel: "Reason (optional)",
  withdrawConfirm: "Withdraw my consent",
  withdrawing: "Withdrawing…",
  withdrawDone: "Your consent was withdrawn; the institution has been informed.",
  withdrawIntroVerified: "You may withdraw the consent you signed; the institution is informed, and the signed document and its evidence are kept.",
  copyHeading: "Your signed document",
  copyIntro: (phone) =>
    `You can download your signed consent document here. First confirm it is you with a new code we send to ${phone}.`,
  copyStart: "I want to download my document",
  stepVerify: "1. Verify your phone",
  verifyIntro: (phone) => `Before you approve or decline, we need to verify it is you. We will send a 6-digit code by SMS to ${phone}.`,
  sendCode: "Send code by SMS",
  sendingCode: "Sending code…",
  codeSent: (phone) => `The code was sent to ${phone}.`,
  codeRecentlySent: "A code was sent a moment ago. You can enter that code, or request a new one shortly.",
  codeValidFor: (mmss) => `The code is valid for another ${mmss}`,
  codeExpiredHint: "The code has expired. Please request a new one.",
  resendIn: (s) => `You can request a new code in ${s} seconds.`,
  resendCode: "Send a new code",
  codeLabel: "6-digit code from the SMS",
  codeHelp: "Digits only, for example 123456.",
  verify: "Verify code",
  verifying: "Verifying…",
  verified: "Your phone is verified.",
  codeFormat: "Please enter the 6-digit code.",
  wrongCode: (n) => `Wrong code. Attempts left: ${n}.`,
  otpLocked: "Too many wrong attempts. This code can no longer be used; please request a new code.",
  otpExpired: "The code has expired. Please request a new one.",
  otpMissing: "Please request a code by SMS first.",
  rateLimited: (s) => `A code was sent a moment ago. You can request a new code in ${s} seconds.`,
  tooManyCodes: (s) => `Too many codes were requested. You can request a new code in ${s < 90 ? `${s} seconds` : `${Math.ceil(s / 60)} minutes`}.`,
  linkLocked:
    "This link has been locked for your safety after too many code requests or wrong codes. Please contact the institution that sent you the SMS; it can send the link again.",

  stepApprove: "2. Your approval",
  readLabel: "I have read it.",
  readText: "I have read the whole consent text above.",
  // issue #42: the "read" box waits for the end of the text
  readHint: "This box opens once you have scrolled the consent text to its end.",
  jumpToEnd: "Go to the end of the text",
  understoodLabel: "I understand it.",
  understoodText: "I understand the procedure described in the text, its possible risks and consequences.",
  stepSignature: "3. Your signature",
  signatureHelp: "Sign in the box below with your finger or mouse.",
  signatureCanvas: "Signature area",
  signatureLine: "Signature",
  clear: "Clear",
  undo: "Undo",
  signatureEmpty: "The signature area is empty.",
  // decisions §23: a typed name instead of a drawing (keyboard and screen-reader users)
  typeInstead: "Sign by typing your name",
  drawInstead: "Sign by drawing instead",
  typedLabel: "Your full name",
  typedHelp: "Type your full name as your signature. The document shows it marked “signed by typing the name”.",
  missingTyped: "type your name",
  missingIntro: "To approve:",
  missingRead: "tick “I have read it”",
  missingUnderstood: "tick “I understand it”",
  missingSignature: "draw your signature",
  interpreterHeading: (name) => `Interpreter’s signature: ${name}`,
  interpreterHelp: "The interpreter who explained the text to you signs in the box below as well.",
  missingInterpreter: "the interpreter signs",
  witnessHeading: (name) => `Witness’s signature: ${name}`,
  witnessHelp: "The witness to your signature signs in the box below, after you.",
  missingWitness: "the witness signs",
  approve: "I approve and sign",
  approving: "Sending your signature…",
  signInvalid: "The signature or a checkbox is missing. Please check and try again.",
  // decisions §22: the teach-back questions between the text and the signature
  teachBack: {
    heading: "Let’s check what you understood",
    intro: "A few short questions about the text. Your answers never stop you from giving consent; after a wrong answer we show a short explanation.",
    progress: (n, total) => `Question ${n} of ${total}`,
    correct: "Correct.",
    wrong: "That answer is not correct.",
    stillWrong: "That answer is not correct either.",
    rightAnswer: "The correct answer:",
    explanationFallback: "Please read the part of the text about this again.",
    tryAgain: "You may answer the question again or continue.",
    next: "Next question",
    finish: "Go on to sign",
    skip: "Continue without answering",
  },

  decline: "I do not approve",
  declineHeading: "I do not approve",
  declineIntro: "We will tell the institution that you do not give your consent. You may add a reason.",
  declineReasonLabel: "Reason (optional)",
  declineReasonHelp: "This note is passed on to the institution.",
  declineContinue: "Continue",
  declineCancel: "Cancel",
  confirmHeading: "Are you sure?",
  confirmText: "Once you decline, this cannot be undone and this link closes. The institution will be informed.",
  confirmYes: "Yes, I do not approve",
  confirmBack: "Go back",
  declining: "Sending…",

  doneSignedTitle: "Your consent has been received",
  doneSignedText: (at) => `Your signature was recorded (${at}). The institution has been informed. You can close this page.`,
  doneDeclinedTitle: "Your decision has been recorded",
  doneDeclinedText: (at) => `You declined (${at}). The institution has been informed. You can close this page.`,
  doneClose: "Thank you.",
  doneDownload: "Download your signed document (PDF)",

  otpRequired: "Your verification has expired. Please request a new code and verify your phone again.",
  smsFailed: "The SMS could not be sent right now. Please try again in a minute.",
  closed: "This consent no longer accepts any action. Updating the page…",
  genericError: "Something went wrong. Please try again in a moment.",
  networkError: "Could not reach the server. Please check your internet connection and try again.",
};

export const messages: Record<Lang, Messages> = { tr, en, ar, de, ru, fr };
