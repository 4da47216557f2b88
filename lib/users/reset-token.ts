// A password-reset link's token (issue #42): `<id>.<secret>`. The id (20 random characters) names the
// row; the secret, 32 random bytes (256 bits), is kept only as its SHA-256. The row is found by its id
// and the secret compared in constant time, against a stand-in digest when there is no row, so an
// unknown, used or expired link costs as long as a right one and tells nothing about which it was.
import { randomBytes } from "node:crypto";
import { safeEqual, sha256Hex } from "@/lib/crypto";
import { randomString } from "@/lib/ids";

/** How long a link opens the reset page. */
export const RESET_LINK_TTL_MS = 24 * 3600_000;
export const RESET_LINK_TTL_HOURS = RESET_LINK_TTL_MS / 3600_000;

const ID = /^[a-z0-9]{20}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;
const STAND_IN = sha256Hex("no such reset link");

export function newResetToken(): { id: string; token: string; secretDigest: string } {
  const id = randomString(20);
  const secret = randomBytes(32).toString("base64url");
  return { id, token: `${id}.${secret}`, secretDigest: sha256Hex(secret) };
}

/** The id and secret of a well-formed token; null for anything else. */
export function parseResetToken(token: string): { id: string; secret: string } | null {
  const [id, secret, ...rest] = token.split(".");
  return id && secret && rest.length === 0 && ID.test(id) && SECRET.test(secret) ? { id, secret } : null;
}

/** Whether `secret` is the one whose digest is `digest`; the same work when either is missing. */
export function resetSecretMatches(secret: string | null, digest: string | null): boolean {
  const match = safeEqual(sha256Hex(secret ?? ""), digest ?? STAND_IN);
  return match && secret !== null && digest !== null;
}
