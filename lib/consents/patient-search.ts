// Finding a tenant's consents by the person (the panel's search: a patient calls the desk). Names and
// phone numbers are encrypted at rest, so they are searched through keyed digests (a blind index):
// each word of the patient's and the approver's name, and the phone number, as an HMAC under a key
// derived from APP_SECRET and the tenant, kept in `consents.search_digests` (GIN index). The digests
// reveal nothing without APP_SECRET, and the same name gives different digests in another tenant.
// A national id is searched through its own digest (tc_digest, tc-digest.ts).
import { createHmac } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isValidTc } from "@/lib/consents/national-id";
import { normalizeTurkishMobile } from "@/lib/phone";
import { tcDigest } from "@/lib/consents/tc-digest";

/** Words of a name kept per consent, and asked for per search, at most. */
const MAX_WORDS = 12;
const MAX_QUERY_WORDS = 6;

let key: { secret: string; bytes: Buffer } | undefined;

function digest(tenantId: string, kind: "n" | "p", value: string): string {
  const secret = env().APP_SECRET;
  if (key?.secret !== secret) key = { secret, bytes: createHmac("sha256", secret).update("patient-search:v1").digest() };
  // 128 bits: enough to tell one word from another, half the index.
  return createHmac("sha256", key.bytes).update(`${tenantId}\u0000${kind}:${value}`).digest("hex").slice(0, 32);
}

/**
 * The words of a name as searched: lower case the Turkish way, letters without their marks (so
 * "Yilmaz" finds "Yılmaz" and "Ozdoger" finds "Özdöğer"), split on anything that is not a letter
 * or a digit; words of one letter (initials) are left out.
 */
export function nameWords(name: string): string[] {
  const folded = name
    .toLocaleLowerCase("tr")
    .replace(/ı/g, "i")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter((w) => [...w].length >= 2);
  return [...new Set(words)];
}

/** What a consent is found by: the words of the patient's and the approver's names, and the phone. */
export function searchDigests(tenantId: string, person: { names: readonly (string | null | undefined)[]; phone: string | null }): string[] {
  const words = new Set(person.names.flatMap((n) => (n ? nameWords(n).slice(0, MAX_WORDS) : [])));
  const out = [...words].map((w) => digest(tenantId, "n", w));
  if (person.phone) out.push(digest(tenantId, "p", person.phone));
  return out;
}

export type PatientSearch = { tcDigest: string } | { searchDigests: string[] };

/**
 * What the panel's search box asks for: an 11-digit valid national id, a Turkish mobile number in
 * any common writing, or words of a name (all of them must be in the patient's or the approver's
 * name). 422 naming `q` when it is none of these.
 */
export function patientSearch(tenantId: string, text: string): PatientSearch {
  const q = text.trim().slice(0, 200);
  if (/^\d{11}$/.test(q) && isValidTc(q)) return { tcDigest: tcDigest(tenantId, q) };
  const phone = /^[+\d\s()-]+$/.test(q) ? normalizeTurkishMobile(q) : null;
  if (phone) return { searchDigests: [digest(tenantId, "p", phone)] };
  const words = nameWords(q).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) {
    throw new AppError("validation_failed", undefined, { q: ["ad soyaddan en az iki harfli bir sözcük, bir cep telefonu ya da geçerli bir T.C. kimlik numarası yazın"] });
  }
  return { searchDigests: words.map((w) => digest(tenantId, "n", w)) };
}
