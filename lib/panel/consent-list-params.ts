// The address of the panel's consent list: its filters as typed, and the search for a person, which
// travels in the address (so that pages and the back button keep
// it) only encrypted: a name or a national id in a URL would stay in the browser history of a shared
// desk computer and in every proxy's access log. Bound to the user who searched (authenticated
// context), so an address from someone else's history, or a ciphertext taken from elsewhere, opens
// nothing.
import { decryptBytes, encryptBytes } from "@/lib/encryption";

/** The list's filters, as the address carries them (the API's names). */
export const CONSENT_FILTERS = ["status", "from", "to", "external_ref", "external_patient_id"] as const;
/** The sealed search's parameter. */
export const SEARCH_PARAM = "s";

const context = (user: { id: string; tenantId: string }) => `panel-search:${user.tenantId}:${user.id}`;

export function encryptSearch(user: { id: string; tenantId: string }, text: string): string {
  return encryptBytes(Buffer.from(text, "utf8"), context(user)).toString("base64url");
}

/** The search text, or null when the parameter was not sealed for this user under a key still configured. */
export function decryptSearch(user: { id: string; tenantId: string }, param: string): string | null {
  try {
    return decryptBytes(Buffer.from(param.slice(0, 2048), "base64url"), context(user)).toString("utf8");
  } catch {
    return null;
  }
}
