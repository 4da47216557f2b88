// The signing pages in Arabic (decisions §17); the page is right to left.
import type { Messages } from "../message-types";

/**
 * A phone number (`+90532*****67`) kept left to right inside Arabic text: without the isolate the
 * bidi algorithm reads its digit groups right to left and shows `67*****90532+`.
 */
const ltr = (s: string) => `\u2066${s}\u2069`;

export const ar: Messages = {
  pageTitle: "نموذج الموافقة",
  otherLanguage: "Türkçe",
  otherLanguageLabel: "Türkçe'ye geç",
  institution: "المؤسسة",
  procedure: "الإجراء",
  physician: "الطبيب",
  patient: "المريض",
  validUntil: "صالح حتى",
  onBehalf: ({ type, patientName, approverName, relation, animal }) => {
    const who = approverName ? `${approverName}${relation ? ` (${relation})` : ""}` : "";
    if (type === "veli") return who ? `يوافق ${who} بصفته ولي الأمر على هذا النموذج نيابةً عن ${patientName}.` : `يوافق ولي الأمر على هذا النموذج نيابةً عن ${patientName}.`;
    if (type === "vasi") return who ? `يوافق ${who} بصفته الوصي القانوني على هذا النموذج نيابةً عن ${patientName}.` : `يوافق الوصي القانوني على هذا النموذج نيابةً عن ${patientName}.`;
    const owner = approverName ?? patientName;
    const pet = animal ? [animal.name, animal.species ? (animal.name ? `(${animal.species})` : animal.species) : null].filter(Boolean).join(" ") : "";
    return pet ? `يوافق مالك الحيوان ${owner} على هذا النموذج الخاص بالحيوان ${pet}.` : `يوافق مالك الحيوان ${owner} على هذا النموذج.`;
  },
  textHeading: "نص الموافقة",
  textHint: "يرجى قراءة النص كاملًا بعناية.",
  readAloud: {
    heading: "استمع إلى النص",
    hint: "يُقرأ نص الموافقة بصوت عالٍ: شغّل التسجيل وتابع النص أدناه. ما يُقرأ هو النص أدناه نفسه.",
    unsupported: "لا يستطيع متصفحك تشغيل هذا التسجيل؛ يرجى قراءة النص.",
  },
  // issue #42: ?lang= asks for a language the form has no text in
  textOnlyIn: (name) => `هذا النموذج متاح باللغة ${name} فقط.`,
  showText: "عرض نص الموافقة",
  waitingTitle: "نموذج موافقة بانتظارك",
  waitingText: (institution) =>
    `أرسلت إليك ${institution} نموذج موافقة مستنيرة. يظهر محتواه بعد التحقق من هويتك برمز يصلك في رسالة نصية.`,

  outcome: {
    completedTitle: "تم توقيع هذه الموافقة",
    completedText: (at) => `تاريخ التوقيع: ${at}`,
    rejectedTitle: "تم رفض هذه الموافقة",
    rejectedText: (at) => `تاريخ الرفض: ${at}`,
    expiredTitle: "انتهت صلاحية هذا الرابط",
    expiredText: (at) => `انتهت صلاحية الرابط في: ${at}`,
    cancelledTitle: "تم إلغاء هذه الموافقة",
    cancelledText: (at) => `ألغتها المؤسسة في: ${at}`,
    withdrawnTitle: "تم سحب هذه الموافقة",
    withdrawnText: (at) => `تم سحب الموافقة الموقعة في: ${at}`,
    signedTitle: "تم التوقيع؛ بانتظار توقيع الطبيب",
    signedText: (at) => `تاريخ التوقيع: ${at}. تكتمل الموافقة عندما يوقّع الطبيب الذي أبلغك أيضًا.`,
    signedCopyLater: "عند اكتمال الموافقة، يمكنك تنزيل مستندك الموقّع من هذا الرابط برمز جديد يصلك في رسالة نصية.",
    supersededTitle: "تم تجديد هذه الموافقة",
    supersededText: (at) => `تم الحصول على الموافقة مجددًا على نسخة جديدة من النص: ${at}`,
    contact: "لم يعد بالإمكان القيام بأي إجراء عبر هذا الرابط. إذا كانت لديك أسئلة، يرجى التواصل مع المؤسسة.",
    contactSigned: "إذا كانت لديك أسئلة، يرجى التواصل مع المؤسسة.",
    purged: "حُذف نص الموافقة وبياناتك الشخصية من هذه الخدمة لأن المؤسسة تحتفظ بسجلاتها الخاصة؛ النسخة الأصلية محفوظة لدى المؤسسة.",
  },

  notFoundTitle: "الرابط غير موجود",
  notFoundText: "رابط التوقيع هذا غير صالح أو لم يعد متاحًا. يرجى التواصل مع المؤسسة التي أرسلت إليك الرسالة النصية.",
  pageNotFoundTitle: "الصفحة غير موجودة",
  pageNotFoundText: "لا توجد صفحة على هذا العنوان. يرجى التحقق من العنوان.",
  unavailableTitle: "الخدمة غير متاحة مؤقتًا",
  unavailableText: "لا يستطيع النظام الاستجابة الآن. يظل رابطك صالحًا؛ يرجى فتح الصفحة مرة أخرى بعد بضع دقائق.",

  withdrawHeading: "هل تريد سحب موافقتك؟",
  withdrawIntro: (phone) =>
    `يمكنك سحب الموافقة التي وقعتها؛ ستُبلَّغ المؤسسة، وتُحفظ الوثيقة الموقعة وأدلتها. أكّد هويتك أولًا برمز جديد نرسله إلى ${ltr(phone)}.`,
  withdrawStart: "أريد سحب موافقتي",
  withdrawReasonLabel: "السبب (اختياري)",
  withdrawConfirm: "سحب موافقتي",
  withdrawing: "جارٍ السحب…",
  withdrawDone: "تم سحب موافقتك، وأُبلغت المؤسسة.",
  withdrawIntroVerified: "يمكنك سحب الموافقة التي وقعتها؛ ستُبلَّغ المؤسسة، وتُحفظ الوثيقة الموقعة وأدلتها.",
  copyHeading: "مستندك الموقّع",
  copyIntro: (phone) =>
    `يمكنك تنزيل مستند الموافقة الموقّع من هنا. أكّد هويتك أولًا برمز جديد نرسله إلى ${ltr(phone)}.`,
  copyStart: "أريد تنزيل مستندي",
  stepVerify: "1. تحقق من هاتفك",
  verifyIntro: (phone) => `قبل الموافقة أو الرفض نحتاج إلى التحقق من هويتك. سنرسل رمزًا من 6 أرقام في رسالة نصية إلى ${ltr(phone)}.`,
  sendCode: "إرسال الرمز برسالة نصية",
  sendingCode: "جارٍ إرسال الرمز…",
  codeSent: (phone) => `أُرسل الرمز إلى ${ltr(phone)}.`,
  codeRecentlySent: "أُرسل رمز قبل قليل. يمكنك إدخال ذلك الرمز أو طلب رمز جديد بعد قليل.",
  codeValidFor: (mmss) => `الرمز صالح لمدة ${mmss} أخرى`,
  codeExpiredHint: "انتهت صلاحية الرمز. يرجى طلب رمز جديد.",
  resendIn: (s) => `يمكنك طلب رمز جديد بعد ${s} ثانية.`,
  resendCode: "إرسال رمز جديد",
  codeLabel: "الرمز المكوّن من 6 أرقام في الرسالة النصية",
  codeHelp: "أرقام فقط، مثل 123456.",
  verify: "تأكيد الرمز",
  verifying: "جارٍ التحقق…",
  verified: "تم التحقق من هاتفك.",
  codeFormat: "يرجى إدخال الرمز المكوّن من 6 أرقام.",
  wrongCode: (n) => `رمز غير صحيح. المحاولات المتبقية: ${n}.`,
  otpLocked: "محاولات خاطئة كثيرة. لم يعد بالإمكان استخدام هذا الرمز؛ يرجى طلب رمز جديد.",
  otpExpired: "انتهت صلاحية الرمز. يرجى طلب رمز جديد.",
  otpMissing: "يرجى طلب رمز برسالة نصية أولًا.",
  rateLimited: (s) => `أُرسل رمز قبل قليل. يمكنك طلب رمز جديد بعد ${s} ثانية.`,
  tooManyCodes: (s) => `طُلبت رموز كثيرة. يمكنك طلب رمز جديد بعد ${s < 90 ? `${s} ثانية` : `${Math.ceil(s / 60)} دقيقة`}.`,
  linkLocked:
    "قُفل هذا الرابط حفاظًا على أمانك بعد طلبات رموز أو إدخالات خاطئة كثيرة. يرجى التواصل مع المؤسسة التي أرسلت إليك الرسالة النصية؛ يمكنها إرسال الرابط مجددًا.",

  stepApprove: "2. موافقتك",
  readLabel: "قرأته.",
  readText: "قرأت نص الموافقة أعلاه كاملًا.",
  // issue #42: the "read" box waits for the end of the text
  readHint: "يتاح هذا المربع بعد أن تمرّر نص الموافقة حتى نهايته.",
  jumpToEnd: "الانتقال إلى نهاية النص",
  understoodLabel: "فهمته.",
  understoodText: "أفهم الإجراء الموصوف في النص ومخاطره وعواقبه المحتملة.",
  stepSignature: "3. توقيعك",
  signatureHelp: "وقّع في المربع أدناه بإصبعك أو بالفأرة.",
  signatureCanvas: "مساحة التوقيع",
  signatureLine: "التوقيع",
  clear: "مسح",
  undo: "تراجع",
  signatureEmpty: "مساحة التوقيع فارغة.",
  // decisions §23: a typed name instead of a drawing (keyboard and screen-reader users)
  typeInstead: "وقّع بكتابة اسمك",
  drawInstead: "وقّع بالرسم بدلاً من ذلك",
  typedLabel: "اسمك الكامل",
  typedHelp: "اكتب اسمك الكامل توقيعًا. تعرضه الوثيقة مع ملاحظة «تم التوقيع بكتابة الاسم».",
  missingTyped: "اكتب اسمك",
  missingIntro: "للموافقة:",
  missingRead: "ضع علامة على ”قرأته.“",
  missingUnderstood: "ضع علامة على ”فهمته.“",
  missingSignature: "وقّع",
  interpreterHeading: (name) => `توقيع المترجم: ${name}`,
  interpreterHelp: "يوقّع المترجم الذي شرح لك النص أيضًا في المربع أدناه.",
  missingInterpreter: "يوقّع المترجم",
  witnessHeading: (name) => `توقيع الشاهد: ${name}`,
  witnessHelp: "يوقّع الشاهد على توقيعك بعدك في المربع أدناه.",
  missingWitness: "يوقّع الشاهد",
  approve: "أوافق وأوقّع",
  approving: "جارٍ إرسال توقيعك…",
  signInvalid: "التوقيع أو إحدى العلامات ناقصة. يرجى التحقق والمحاولة مرة أخرى.",
  // decisions §22: the teach-back questions between the text and the signature
  teachBack: {
    heading: "لنتحقق مما فهمته",
    intro: "بعض الأسئلة القصيرة حول النص. إجاباتك لا تمنعك أبدًا من إعطاء الموافقة؛ وبعد الإجابة الخاطئة نعرض شرحًا قصيرًا.",
    progress: (n, total) => `السؤال ${n} من ${total}`,
    correct: "إجابة صحيحة.",
    wrong: "هذه الإجابة غير صحيحة.",
    stillWrong: "هذه الإجابة أيضًا غير صحيحة.",
    rightAnswer: "الإجابة الصحيحة:",
    explanationFallback: "يرجى إعادة قراءة الجزء المتعلق بهذا في النص.",
    tryAgain: "يمكنك الإجابة عن السؤال مرة أخرى أو المتابعة.",
    next: "السؤال التالي",
    finish: "الانتقال إلى التوقيع",
    skip: "المتابعة دون إجابة",
  },

  decline: "لا أوافق",
  declineHeading: "لا أوافق",
  declineIntro: "سنبلغ المؤسسة بأنك لا تمنح موافقتك. يمكنك ذكر السبب.",
  declineReasonLabel: "السبب (اختياري)",
  declineReasonHelp: "تُرسَل هذه الملاحظة إلى المؤسسة.",
  declineContinue: "متابعة",
  declineCancel: "إلغاء",
  confirmHeading: "هل أنت متأكد؟",
  confirmText: "لا يمكن التراجع عن الرفض، وسيُغلق هذا الرابط. ستُبلَّغ المؤسسة.",
  confirmYes: "نعم، لا أوافق",
  confirmBack: "رجوع",
  declining: "جارٍ الإرسال…",

  doneSignedTitle: "تم استلام موافقتك",
  doneSignedText: (at) => `سُجّل توقيعك (${at}). أُبلغت المؤسسة. يمكنك إغلاق هذه الصفحة.`,
  doneDeclinedTitle: "تم تسجيل قرارك",
  doneDeclinedText: (at) => `لقد رفضت (${at}). أُبلغت المؤسسة. يمكنك إغلاق هذه الصفحة.`,
  doneClose: "شكرًا لك.",
  doneDownload: "تنزيل المستند الموقّع (PDF)",

  otpRequired: "انتهت صلاحية التحقق. يرجى طلب رمز جديد والتحقق من هاتفك مرة أخرى.",
  smsFailed: "تعذّر إرسال الرسالة النصية الآن. يرجى المحاولة بعد دقيقة.",
  closed: "لم تعد هذه الموافقة تقبل أي إجراء. جارٍ تحديث الصفحة…",
  genericError: "حدث خطأ ما. يرجى المحاولة مرة أخرى بعد قليل.",
  networkError: "تعذّر الوصول إلى الخادم. يرجى التحقق من اتصالك بالإنترنت والمحاولة مرة أخرى.",
};
