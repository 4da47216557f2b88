// issue #52: the shape of a starter form — a template request (as POST /v1/templates takes it) written
// by the team, with a one-line summary for the gallery in the panel's two languages.
import type { VariableType } from "@/lib/templates/variables";

export interface StarterQuestion {
  soru: string;
  secenekler: string[];
  dogru: number;
  aciklama?: string;
}

export interface StarterForm {
  /** the gallery's id and the copy's suggested code */
  kod: string;
  baslik: string;
  kategori: string;
  tur: "onam" | "aydinlatma";
  govde: string;
  degiskenler: { ad: string; etiket: string; tip: VariableType; zorunlu: boolean; varsayilan?: string }[];
  sorular: StarterQuestion[];
  ceviriler: { en: { baslik: string; govde: string; sorular: StarterQuestion[] } };
  /** what the form is for, in the panel's languages */
  ozet: { tr: string; en: string };
}

/** Two options, the first right: most teach-back questions are a fact against a misbelief. */
export function q(soru: string, right: string, wrong: string, aciklama: string, rightFirst = true): StarterQuestion {
  return rightFirst ? { soru, secenekler: [right, wrong], dogru: 0, aciklama } : { soru, secenekler: [wrong, right], dogru: 1, aciklama };
}
