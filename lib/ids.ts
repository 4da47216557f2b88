// Identifiers and secrets from the CSPRNG (decisions §1).
import { randomBytes } from "node:crypto";

const LOWER = "abcdefghijklmnopqrstuvwxyz0123456789";
const MIXED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * `length` characters drawn uniformly from alphabet (at most 256 characters): random bytes at or
 * above the largest multiple of its size are skipped, so no character is likelier than another. One
 * randomBytes call for the whole string, not a randomInt per character (an id has 20).
 */
export function randomString(length: number, alphabet = LOWER): string {
  const n = alphabet.length;
  const limit = 256 - (256 % n);
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(2 * (length - out.length))) {
      if (byte < limit) out += alphabet[byte % n];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newApiKeyId = () => `ak_${randomString(20)}`;
/** `sk_` + 32 random bytes, base64url */
export const newApiKeySecret = () => `sk_${randomBytes(32).toString("base64url")}`;
export const newId = (prefix: string) => `${prefix}_${randomString(20)}`;
/** link token: 32 random bytes (256 bits), base64url */
export const newLinkToken = () => randomBytes(32).toString("base64url");
/** short link code: 8 characters of [A-Za-z0-9] (~47 bits) */
export const newShortCode = () => randomString(8, MIXED);
