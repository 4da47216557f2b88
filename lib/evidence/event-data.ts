// An evidence record's `data` at rest (decisions §15): reasons, masked phones and the like are kept
// encrypted, as `{ "enc": "<ciphertext of the JSON>" }`. The record's hash is computed over the plain
// data as always, so the chain served and recomputed by anyone is unchanged. Records stored before
// this change are plain objects and are read as they are.
import { decrypt, DecryptionError, encrypt, type KeyRing } from "@/lib/encryption";

export function encryptEventData(data: Record<string, unknown>, keys?: KeyRing): { enc: string } {
  return { enc: encrypt(JSON.stringify(data), keys) };
}

/**
 * The plain data of a stored record. Anything but exactly `{ enc }` that decrypts to an object is
 * returned as stored: an altered row then fails the chain check instead of failing the request.
 */
export function decryptEventData(stored: unknown, keys?: KeyRing): Record<string, unknown> {
  const obj = stored !== null && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const keysOf = Object.keys(obj);
  if (keysOf.length !== 1 || typeof obj.enc !== "string") return obj;
  try {
    const plain: unknown = JSON.parse(decrypt(obj.enc, keys));
    return plain !== null && typeof plain === "object" && !Array.isArray(plain) ? (plain as Record<string, unknown>) : obj;
  } catch (err) {
    if (err instanceof DecryptionError || err instanceof SyntaxError) return obj;
    throw err;
  }
}
