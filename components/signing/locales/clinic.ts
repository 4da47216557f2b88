// decisions §23: the words around the institution's details on the signing page, in the six page
// languages of §17. Kept apart from the main tables: the details are the institution's, shown in every
// state of the page, open or closed.
import type { Language } from "@/lib/i18n/languages";

export interface ClinicMessages {
  /** the footer's accessible name */
  details: string;
  phone: string;
  privacyNotice: string;
  /** read out after the privacy link: it opens in a new tab */
  newTab: string;
  /** a closed link: whom to call */
  contactTitle: string;
  contactText: string;
  /** the call button; `phone` comes already isolated left to right */
  call: (phone: string) => string;
}

export const clinicMessages: Record<Language, ClinicMessages> = {
  tr: {
    details: "Kurum bilgileri",
    phone: "Telefon",
    privacyNotice: "KVKK Aydınlatma Metni",
    newTab: "(yeni sekmede açılır)",
    contactTitle: "Kurumla iletişim",
    contactText: "Sorularınız için kurumu arayabilirsiniz.",
    call: (phone) => `Ara: ${phone}`,
  },
  en: {
    details: "Institution details",
    phone: "Phone",
    privacyNotice: "Privacy notice (KVKK)",
    newTab: "(opens in a new tab)",
    contactTitle: "Contact the institution",
    contactText: "If you have questions, you can call the institution.",
    call: (phone) => `Call ${phone}`,
  },
  ar: {
    details: "بيانات المؤسسة",
    phone: "الهاتف",
    privacyNotice: "إشعار الخصوصية (KVKK)",
    newTab: "(يُفتح في علامة تبويب جديدة)",
    contactTitle: "التواصل مع المؤسسة",
    contactText: "إذا كانت لديك أسئلة، يمكنك الاتصال بالمؤسسة.",
    call: (phone) => `اتصل على ${phone}`,
  },
  de: {
    details: "Angaben zur Einrichtung",
    phone: "Telefon",
    privacyNotice: "Datenschutzhinweis (KVKK)",
    newTab: "(öffnet in einem neuen Tab)",
    contactTitle: "Kontakt zur Einrichtung",
    contactText: "Bei Fragen können Sie die Einrichtung anrufen.",
    call: (phone) => `Anrufen: ${phone}`,
  },
  ru: {
    details: "Сведения об учреждении",
    phone: "Телефон",
    privacyNotice: "Уведомление о конфиденциальности (KVKK)",
    newTab: "(откроется в новой вкладке)",
    contactTitle: "Связь с учреждением",
    contactText: "Если у вас есть вопросы, позвоните в учреждение.",
    call: (phone) => `Позвонить: ${phone}`,
  },
  fr: {
    details: "Coordonnées de l'établissement",
    phone: "Téléphone",
    privacyNotice: "Avis de confidentialité (KVKK)",
    newTab: "(s'ouvre dans un nouvel onglet)",
    contactTitle: "Contacter l'établissement",
    contactText: "Pour toute question, vous pouvez appeler l'établissement.",
    call: (phone) => `Appeler le ${phone}`,
  },
};
