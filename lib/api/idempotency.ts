// Idempotency-Key on POST (decisions §4): for 24 hours the same key from the same API key with the
// same request replays the first response; a different request is 409 idempotency_conflict.
import { isUniqueViolation } from "@/lib/db";
import { completeIdempotencyRecord, deleteIdempotencyRecord, idempotencyRecord, insertIdempotencyRecord } from "@/lib/db/idempotency";
import { now } from "@/lib/clock";
import canonicalize from "canonicalize";
import { sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { decrypt, DecryptionError, encrypt } from "@/lib/encryption";

// Expired records are removed by the forget-idempotency-keys background job.
const KEEP_MS = 24 * 3600_000;
// A claim whose request never finished (the process died) is given up after this long.
const ABANDONED_MS = 60_000;

interface StoredResponse {
  status: number;
  body: string;
}

export type Claim = { kind: "claimed"; recordId: bigint } | { kind: "replay"; response: StoredResponse };

export function validateIdempotencyKey(key: string): void {
  if (key.length < 1 || key.length > 255) {
    throw new AppError("bad_request", "Idempotency-Key 1–255 karakter olmalı.");
  }
}

/** Addresses that are one endpoint under two names (spec: `POST /v1/consents`, alias `POST /v1/consent/create`). */
const PATH_ALIASES: Readonly<Record<string, string>> = { "/v1/consent/create": "/v1/consents" };

/**
 * "The same body" is the same JSON, not the same bytes: the parsed body in RFC 8785 canonical form,
 * so that key order and whitespace (a client re-serializing its retry) do not make a conflict. A
 * retry through the other name of the same endpoint is the same request.
 */
export function requestFingerprint(method: string, path: string, body: Record<string, unknown>): string {
  return sha256Hex(`${method} ${PATH_ALIASES[path] ?? path}\n${canonicalize(body)}`);
}

/** Claims the key for this request, or returns the stored response to replay. */
export async function claimIdempotencyKey(apiKeyId: string, key: string, fingerprint: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = now();
    try {
      const recordId = await insertIdempotencyRecord({ apiKeyId, key, requestHash: fingerprint, createdAt: at, expiresAt: new Date(at.getTime() + KEEP_MS) });
      return { kind: "claimed", recordId };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const existing = await idempotencyRecord(apiKeyId, key);
    if (!existing) continue; // removed in between: claim again
    const stale =
      existing.expiresAt < at || (existing.status === null && at.getTime() - existing.createdAt.getTime() > ABANDONED_MS);
    if (stale) {
      await deleteIdempotencyRecord(existing.id, existing.createdAt);
      continue;
    }
    if (existing.requestHash !== fingerprint) throw new AppError("idempotency_conflict");
    if (existing.status === null || existing.responseBody === null) {
      throw new AppError("idempotency_conflict", "Bu Idempotency-Key ile gönderilen ilk istek hâlâ işleniyor.");
    }
    const body = openStoredBody(existing.responseBody);
    if (body === null) {
      // Encrypted under a key no longer configured: nothing to replay, so the request runs afresh.
      await deleteIdempotencyRecord(existing.id, existing.createdAt);
      continue;
    }
    return { kind: "replay", response: { status: existing.status, body } };
  }
  throw new AppError("idempotency_conflict");
}

/**
 * Stored responses hold the person's name and live signing links for 24 hours: encrypted at rest like
 * the other personal data (decisions §15). Rows written before (plain JSON) are still replayed.
 */
function openStoredBody(stored: string): string | null {
  if (stored.startsWith("{") || stored.startsWith("[")) return stored;
  try {
    return decrypt(stored);
  } catch (err) {
    if (err instanceof DecryptionError) return null;
    throw err;
  }
}

export async function completeIdempotencyKey(recordId: bigint, response: StoredResponse): Promise<void> {
  await completeIdempotencyRecord(recordId, response.status, encrypt(response.body), consentIdOf(response.body));
}

/**
 * The consent a response is about: a consent object's id, or that of the one under `consent` (a
 * timestamp retry). Recorded beside the encrypted body, so that a kurum purge (decisions §12) can
 * forget the responses that name the person.
 */
function consentIdOf(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const idOf = (o: unknown) => (typeof o === "object" && o !== null && "id" in o && typeof o.id === "string" && o.id.startsWith("ons_") ? o.id : null);
  return idOf(parsed) ?? (typeof parsed === "object" && parsed !== null && "consent" in parsed ? idOf(parsed.consent) : null);
}

/** Forgets a claim whose request failed unexpectedly, so that a retry can run it. */
export async function releaseIdempotencyKey(recordId: bigint): Promise<void> {
  await deleteIdempotencyRecord(recordId);
}
