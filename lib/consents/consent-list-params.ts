// The address of the panel's consent list: its plain filters as typed, and what names a person (the
// search text, the integrator's patient id), which travel in the address (so that pages and the back
// button keep them) only encrypted: a name, a national id or a hospital's patient number in a URL
// would stay in the browser history of a shared desk computer and in every proxy's access log. Bound
// to the user who searched (authenticated context), so an address from someone else's history, or a
// ciphertext taken from elsewhere, opens nothing.
import { decryptBytes, encryptBytes } from "@/lib/encryption";

/** The list's filters that go into the address as typed (the API's names): nothing about a person. */
const CONSENT_FILTERS = ["status", "from", "to", "external_ref", "template", "language"] as const;
/**
 * The fields that go into the address only encrypted, as the search token under SEARCH_PARAM: the person, and the physician
 * and procedure (a procedure is health data; a physician's name beside a date says who was treated
 * for what by whom).
 */
const ENCRYPTED_FILTERS = ["q", "external_patient_id", "physician", "procedure"] as const;
/** Characters kept of each field, encrypted or not (the address stays well under any server's limit). */
export const FIELD_MAX = 200;
/** The search token's parameter. */
export const SEARCH_PARAM = "s";

type EncryptedFilters = Partial<Record<(typeof ENCRYPTED_FILTERS)[number], string>>;
type PanelUser = { id: string; tenantId: string };

const context = (user: PanelUser) => `panel-search:${user.tenantId}:${user.id}`;

export function encryptFilters(user: PanelUser, values: EncryptedFilters): string {
  return encryptBytes(Buffer.from(JSON.stringify(values), "utf8"), context(user)).toString("base64url");
}

/**
 * The encrypted fields, or null when the search token was not made for this user under a key still
 * configured. A token made before the patient id was encrypted too holds the search text alone.
 */
export function decryptFilters(user: PanelUser, param: string): EncryptedFilters | null {
  let text: string;
  try {
    text = decryptBytes(Buffer.from(param.slice(0, 4096), "base64url"), context(user)).toString("utf8");
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const o = parsed as Record<string, unknown>;
      return Object.fromEntries(ENCRYPTED_FILTERS.flatMap((k) => (typeof o[k] === "string" && o[k] ? [[k, o[k]]] : []))) as EncryptedFilters;
    }
  } catch {
    // not JSON: the search text of an earlier address
  }
  return { q: text };
}

/** The list's address for a submitted filter form: plain filters as typed, the person's fields encrypted. */
export function consentListAddress(user: PanelUser, field: (name: string) => string): string {
  const params = new URLSearchParams();
  for (const k of CONSENT_FILTERS) if (field(k)) params.set(k, field(k));
  const encrypted = Object.fromEntries(ENCRYPTED_FILTERS.flatMap((k) => (field(k) ? [[k, field(k)]] : []))) as EncryptedFilters;
  if (Object.keys(encrypted).length) params.set(SEARCH_PARAM, encryptFilters(user, encrypted));
  return params.size ? `/panel/consents?${params.toString()}` : "/panel/consents";
}

/** The list's address as read back: the plain filters, the encrypted fields opened, and the search token itself. */
interface ConsentListAddress {
  /** the plain filters as given (bounded), for links that keep them */
  plain: Record<string, string>;
  /** the search token as given, "" without one */
  searchToken: string;
  /** the encrypted fields, or null when there were none or they could not be opened */
  opened: EncryptedFilters | null;
  /** plain filters and opened encrypted fields but the search text: what the list operation takes */
  filters: Record<string, string>;
}

export function readConsentListAddress(user: PanelUser, sp: Record<string, string | string[] | undefined>): ConsentListAddress {
  const one = (k: string) => {
    const v = sp[k];
    return ((Array.isArray(v) ? v[0] : v) ?? "").trim().slice(0, k === SEARCH_PARAM ? 4096 : FIELD_MAX);
  };
  const plain = Object.fromEntries(CONSENT_FILTERS.map((k) => [k, one(k)]).filter(([, v]) => v !== "")) as Record<string, string>;
  const searchToken = one(SEARCH_PARAM);
  const opened = searchToken ? decryptFilters(user, searchToken) : null;
  const filters: Record<string, string> = { ...plain };
  for (const k of ENCRYPTED_FILTERS) {
    const v = opened?.[k]?.slice(0, FIELD_MAX);
    if (k !== "q" && v) filters[k] = v;
  }
  return { plain, searchToken, opened, filters };
}

/** The list's address parameter that says a ZIP had no document to hold (the list shows a notice, issue #51). */
export const ZIP_EMPTY_PARAM = "bos_zip";
