// The starter forms' translations beyond English (issue #52, decisions §17): one file per language,
// each keyed by the form's code, so a form file takes all four at once.
import type { StarterCode, StarterTranslation } from "../starter-form";
import { AR } from "./ar";
import { DE } from "./de";
import { FR } from "./fr";
import { RU } from "./ru";

/** Form `kod` in Arabic, German, Russian and French. */
export function translationsOf(kod: StarterCode): { ar: StarterTranslation; de: StarterTranslation; ru: StarterTranslation; fr: StarterTranslation } {
  return { ar: AR[kod], de: DE[kod], ru: RU[kod], fr: FR[kod] };
}
