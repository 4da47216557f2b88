// The usual template categories the editor offers (the API keeps any category a clinic names), by
// the panel's language.
export const TEMPLATE_CATEGORIES: Record<"tr" | "en", Record<string, string>> = {
  tr: {
    genel: "Genel",
    dis: "Diş hekimliği",
    cerrahi: "Cerrahi girişim",
    anestezi: "Anestezi",
    girisimsel: "Girişimsel işlem",
    goruntuleme: "Görüntüleme",
    kan: "Kan ve kan ürünleri",
    estetik: "Estetik",
    veteriner: "Veteriner hekimliği",
    arastirma: "Klinik araştırma",
    kvkk: "KVKK aydınlatma",
  },
  en: {
    genel: "General",
    dis: "Dentistry",
    cerrahi: "Surgery",
    anestezi: "Anaesthesia",
    girisimsel: "Interventional procedure",
    goruntuleme: "Imaging",
    kan: "Blood and blood products",
    estetik: "Aesthetics",
    veteriner: "Veterinary",
    arastirma: "Clinical research",
    kvkk: "Privacy notice (KVKK)",
  },
};
