// The ten one-time recovery codes given when two-factor sign-in is turned on (issue #42): for a lost
// or reset phone. Each is 10 characters of an alphabet without look-alikes (0/o, 1/l/i), ~49 bits,
// shown once as "xxxxx-xxxxx" and kept only as a keyed digest: HMAC-SHA-256 under a key derived from
// APP_SECRET, bound to the user, so a copy of the database alone does not let anyone try them offline.
import { createHmac } from "node:crypto";
import { hmacHex } from "@/lib/crypto";
import { randomString } from "@/lib/ids";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 10;

/** Fresh codes, as shown to the person. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const c = randomString(LENGTH, ALPHABET);
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** The code as typed, case, spaces and dashes aside; null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const c = input.toLowerCase().replace(/[\s-]/g, "");
  return c.length === LENGTH && [...c].every((ch) => ALPHABET.includes(ch)) ? c : null;
}

/** `appSecret`: APP_SECRET; the digest is the user's own (a code of another user never matches). */
export function recoveryCodeDigest(appSecret: string, userId: string, normalized: string): string {
  const key = createHmac("sha256", appSecret).update("recovery-code:v1").digest();
  return hmacHex(key, `${userId}:${normalized}`);
}
