// Basic authentication of /v1 calls: key id as user name, secret as password (spec "Authentication").
import { apiKeyRow, touchApiKey, type ApiKeyRow } from "@/lib/db/api-keys";
import { safeEqual, sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import type { ApiPrincipal, Scope } from "@/lib/api-keys/scopes";

export type { ApiPrincipal };

// A digest compared against when the key id is unknown, so both paths cost the same.
const DUMMY_DIGEST = sha256Hex("no such key");
const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

export function parseBasic(header: string | null): { id: string; secret: string } | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** How a key is read by its id: alone, or with a hot read's row (lib/db/api-keys.ts apiKeyWith). */
export type KeyLookup = (id: string) => Promise<ApiKeyRow | undefined>;

export async function authenticate(header: string | null, lookup: KeyLookup = apiKeyRow): Promise<ApiPrincipal> {
  const creds = parseBasic(header);
  if (!creds || creds.id.length > 64 || creds.secret.length > 256) throw new AppError("unauthorized");
  // Every /v1 call runs this: a hot path's SQL (lib/db.ts).
  const key = await lookup(creds.id);
  const matches = safeEqual(sha256Hex(creds.secret), key?.secretDigest ?? DUMMY_DIGEST);
  if (!key || !matches || key.revokedAt) throw new AppError("unauthorized");
  touchLastUsed(key.id);
  return { keyId: key.id, keyName: key.name, scopes: key.scopes as Scope[], tenantId: key.tenantId };
}

/** Records last use at most once a minute per key, off the request's critical path. */
function touchLastUsed(keyId: string): void {
  const now = Date.now();
  if (now - (lastUsedWritten.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
  lastUsedWritten.set(keyId, now);
  touchApiKey(keyId, new Date(now)).catch((err: unknown) => logger().warn({ err, keyId }, "could not record key use"));
}
