// Whether a consent's `hekim` field names a given physician, for the order of their queue
// (decisions §19): every word of the user's name, titles aside, is a word of the field, compared as
// the panel's search compares names ("Dr. Zeynep Öztürk" names "zeynep ozturk"). Only an order: any
// physician of the tenant may countersign any consent awaiting one.
import { nameWords } from "@/lib/consents/patient-search";

/** Titles a `hekim` field may carry, folded as nameWords folds them. */
const TITLES = new Set(["dr", "dt", "doktor", "hekim", "uzm", "uzman", "op", "prof", "doc", "vet", "md", "med"]);

export function namesPhysician(hekimField: string | null, userName: string | null): boolean {
  if (!hekimField || !userName) return false;
  const wanted = nameWords(userName).filter((w) => !TITLES.has(w));
  if (wanted.length === 0) return false;
  const present = new Set(nameWords(hekimField));
  return wanted.every((w) => present.has(w));
}
