// The SMS a person receives — the link, its reminder (decisions §23) and the code — in the consent's
// language (decisions §17). Deliberately nothing
// about the procedure or the person: an SMS is read on lock screens.
import type { Language } from "@/lib/i18n/languages";

const LINK: Record<Language, (institution: string, link: string) => string> = {
  tr: (i, l) => `${i}: Onam formunuz onayınızı bekliyor. Okuyup onaylamak için: ${l}`,
  en: (i, l) => `${i}: Your consent form is waiting for your approval. To read and approve it: ${l}`,
  ar: (i, l) => `${i}: نموذج الموافقة الخاص بك بانتظار موافقتك. للقراءة والموافقة: ${l}`,
  de: (i, l) => `${i}: Ihre Einwilligungserklärung wartet auf Ihre Zustimmung. Lesen und zustimmen: ${l}`,
  ru: (i, l) => `${i}: Ваша форма согласия ожидает подтверждения. Прочитать и подтвердить: ${l}`,
  fr: (i, l) => `${i} : Votre formulaire de consentement attend votre accord. Pour le lire et l’approuver : ${l}`,
};

/** decisions §26: a re-consent's link says that the form was updated. */
const UPDATED: Record<Language, (institution: string, link: string) => string> = {
  tr: (i, l) => `${i}: Onam formunuz güncellendi; yeni metni okuyup onaylamanız gerekiyor: ${l}`,
  en: (i, l) => `${i}: Your consent form was updated; please read and approve the new text: ${l}`,
  ar: (i, l) => `${i}: تم تحديث نموذج الموافقة الخاص بك؛ يرجى قراءة النص الجديد والموافقة عليه: ${l}`,
  de: (i, l) => `${i}: Ihre Einwilligungserklärung wurde aktualisiert; bitte lesen und bestätigen Sie den neuen Text: ${l}`,
  ru: (i, l) => `${i}: Ваша форма согласия обновлена; прочитайте и подтвердите новый текст: ${l}`,
  fr: (i, l) => `${i} : Votre formulaire de consentement a été mis à jour ; veuillez lire et approuver le nouveau texte : ${l}`,
};

/** `until` is already written the language's way (lib/i18n/format.ts formatWhen). */
const REMINDER: Record<Language, (institution: string, link: string, until: string) => string> = {
  tr: (i, l, u) => `${i}: Hatırlatma: onam formunuz hâlâ onayınızı bekliyor; bağlantı ${u} tarihine kadar geçerli: ${l}`,
  en: (i, l, u) => `${i}: Reminder: your consent form is still waiting for your approval; the link is valid until ${u}: ${l}`,
  ar: (i, l, u) => `${i}: تذكير: نموذج الموافقة الخاص بك لا يزال بانتظار موافقتك؛ الرابط صالح حتى ${u}: ${l}`,
  de: (i, l, u) => `${i}: Erinnerung: Ihre Einwilligungserklärung wartet noch auf Ihre Zustimmung; der Link gilt bis ${u}: ${l}`,
  ru: (i, l, u) => `${i}: Напоминание: ваша форма согласия всё ещё ожидает подтверждения; ссылка действует до ${u}: ${l}`,
  fr: (i, l, u) => `${i} : Rappel : votre formulaire de consentement attend toujours votre accord ; le lien est valable jusqu’au ${u} : ${l}`,
};

const OTP: Record<Language, (institution: string, code: string) => string> = {
  tr: (i, c) => `${i} onam doğrulama kodunuz: ${c}. Kod 5 dakika geçerlidir; kimseyle paylaşmayın.`,
  en: (i, c) => `${i} consent verification code: ${c}. Valid for 5 minutes; do not share it with anyone.`,
  ar: (i, c) => `رمز التحقق للموافقة من ${i}: ${c}. صالح لمدة 5 دقائق؛ لا تشاركه مع أحد.`,
  de: (i, c) => `${i} Bestätigungscode für Ihre Einwilligung: ${c}. 5 Minuten gültig; geben Sie ihn niemandem weiter.`,
  ru: (i, c) => `Код подтверждения согласия ${i}: ${c}. Действует 5 минут; никому его не сообщайте.`,
  fr: (i, c) => `Code de vérification du consentement ${i} : ${c}. Valable 5 minutes ; ne le partagez avec personne.`,
};

/** `renewal`: the link of a re-consent (decisions §26). */
export function linkSmsText(language: Language, institution: string, link: string, renewal = false): string {
  return (renewal ? UPDATED : LINK)[language](institution, link);
}

export function reminderSmsText(language: Language, institution: string, link: string, until: string): string {
  return REMINDER[language](institution, link, until);
}

export function otpSmsText(language: Language, institution: string, code: string): string {
  return OTP[language](institution, code);
}
