// issue #52: the gallery of starter forms the panel offers, in the order it shows them.
import type { StarterForm } from "./starter-form";
import { AESTHETIC, ANAESTHESIA, GENERAL, TRANSFUSION } from "./medical";
import { EXTRACTION, IMPLANT, ROOT_CANAL } from "./dental";
import { KVKK, VETERINARY } from "./other";

export type { StarterForm } from "./starter-form";

export const STARTER_FORMS: readonly StarterForm[] = [GENERAL, EXTRACTION, IMPLANT, ROOT_CANAL, ANAESTHESIA, TRANSFUSION, AESTHETIC, VETERINARY, KVKK];

export function starterForm(kod: string): StarterForm | undefined {
  return STARTER_FORMS.find((f) => f.kod === kod);
}
