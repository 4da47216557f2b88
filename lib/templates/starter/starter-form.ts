// issue #52: the shape of a starter form — a template request (as POST /v1/templates takes it) written
// by the team, with a one-line summary for the gallery in the panel's two languages, and a translation
// into each of the service's other five languages (decisions §17).
import type { VariableType } from "@/lib/templates/variables";
import type { TranslationLanguage } from "@/lib/i18n/languages";

export interface StarterQuestion {
  soru: string;
  secenekler: string[];
  dogru: number;
  aciklama?: string;
}

/** The gallery's nine forms, by code. */
export type StarterCode = "genel-tibbi-girisim" | "dis-cekimi" | "implant" | "kanal-tedavisi" | "anestezi" | "kan-transfuzyonu" | "estetik-islem" | "veteriner-cerrahi" | "kvkk-acik-riza";

/** One language's text of a starter form: its title, body and teach-back questions (same order and answers as the Turkish). */
export interface StarterTranslation {
  baslik: string;
  govde: string;
  sorular: StarterQuestion[];
}

export interface StarterForm {
  /** the gallery's id and the copy's suggested code */
  kod: StarterCode;
  baslik: string;
  kategori: string;
  tur: "onam" | "aydinlatma";
  govde: string;
  degiskenler: { ad: string; etiket: string; tip: VariableType; zorunlu: boolean; varsayilan?: string }[];
  sorular: StarterQuestion[];
  /** every translation language: the copy publishes them all with the Turkish text */
  ceviriler: Record<TranslationLanguage, StarterTranslation>;
  /** what the form is for, in the panel's languages */
  ozet: { tr: string; en: string };
}

/** Two options, the first right: most teach-back questions are a fact against a misbelief. */
export function q(soru: string, right: string, wrong: string, aciklama: string, rightFirst = true): StarterQuestion {
  return rightFirst ? { soru, secenekler: [right, wrong], dogru: 0, aciklama } : { soru, secenekler: [wrong, right], dogru: 1, aciklama };
}
