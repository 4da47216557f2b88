// decisions §25: the words the filed document adds — the person's birth date and patient/protocol
// number, the informing physician's block when no countersignature was asked, and the Turkish text as
// an annex — Turkish beside the consent's language like every label (kept here: pdf-labels.ts is at
// its size limit).
import { directionOf, type Language } from "@/lib/i18n/languages";
import type { LabelPair } from "./pdf-labels";

const TEXTS = {
  birthDate: { tr: "Doğum tarihi", en: "Date of birth", ar: "تاريخ الميلاد", de: "Geburtsdatum", ru: "Дата рождения", fr: "Date de naissance" },
  patientNo: { tr: "Hasta / protokol no", en: "Patient / protocol no", ar: "رقم المريض / البروتوكول", de: "Patienten-/Protokollnr.", ru: "№ пациента / протокола", fr: "N° patient / protocole" },
  noCountersign: {
    tr: "Bu onam için hekimin imzası istenmedi",
    en: "The physician's signature was not required for this consent",
    ar: "لم يُطلب توقيع الطبيب لهذه الموافقة",
    de: "Die Unterschrift des Arztes war für diese Einwilligung nicht erforderlich",
    ru: "Подпись врача для этого согласия не требовалась",
    fr: "La signature du médecin n’était pas requise pour ce consentement",
  },
  annex: { tr: "Ek: Onam metninin Türkçesi", en: "Annex: the consent text in Turkish", ar: "ملحق: نص الموافقة باللغة التركية", de: "Anhang: der Einwilligungstext auf Türkisch", ru: "Приложение: текст согласия на турецком языке", fr: "Annexe : le texte du consentement en turc" },
  annexNote: {
    tr: "Kişinin okuyup imzaladığı metin yukarıdakidir; bu ek, şablonun aynı sürümünün aynı değerlerle doldurulmuş Türkçe metnidir.",
    en: "The text the person read and signed is the one above; this annex is the Turkish text of the same template version, filled with the same values.",
    ar: "النص الذي قرأه الشخص ووقّعه هو النص أعلاه؛ وهذا الملحق هو النص التركي للإصدار نفسه من النموذج، مُعبّأً بالقيم نفسها.",
    de: "Der Text, den die Person gelesen und unterschrieben hat, ist der obige; dieser Anhang ist der türkische Text derselben Vorlagenversion mit denselben Werten.",
    ru: "Текст, который лицо прочитало и подписало, приведён выше; это приложение — турецкий текст той же версии шаблона с теми же значениями.",
    fr: "Le texte lu et signé par la personne est celui ci-dessus ; cette annexe est le texte turc de la même version du modèle, rempli des mêmes valeurs.",
  },
} as const satisfies Record<string, Record<Language, string>>;

export function filedLabel(language: Language, key: keyof typeof TEXTS): LabelPair {
  return { tr: TEXTS[key].tr, other: language === "tr" ? null : TEXTS[key][language], rtl: directionOf(language) === "rtl" };
}
