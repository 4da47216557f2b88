// Identifiers and secrets from the CSPRNG (decisions §1).
import { randomBytes, randomInt } from "node:crypto";

const LOWER = "abcdefghijklmnopqrstuvwxyz0123456789";
const MIXED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `length` characters drawn uniformly from alphabet (no modulo bias). */
export function randomString(length: number, alphabet = LOWER): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
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
