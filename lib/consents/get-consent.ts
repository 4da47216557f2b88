// GET /v1/consents/{id}: the current consent object of the tenant's consent.
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { apiKeyWithConsentRow, consentRow, type ConsentRow } from "@/lib/db/consents";
import type { KeyAndRow } from "@/lib/db/api-keys";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { serializeConsent } from "@/lib/consents/serialize-consent";
import { awaitDocument, documentUnderWay } from "@/lib/consents/await-document";

/**
 * The hot path (every poll of an integrator): the consent is read in the key lookup's round trip
 * (lib/api/handler.ts Preload), from the key's own tenant.
 */
export function preloadConsent(keyId: string, params: { id: string }): Promise<KeyAndRow<ConsentRow>> {
  return apiKeyWithConsentRow(keyId, params.id);
}

/** The consent object of a row of the caller's tenant; null is none (another tenant's is none too). */
export function consentObjectOrThrow(row: ConsentRow | null | undefined): ConsentObject {
  if (!row) throw new AppError("not_found", "Onam bulunamadı.");
  return serializeConsent(row, now());
}

/**
 * GET /v1/consents/{id}: the consent object of the preloaded row; a consent whose document is being
 * produced right now is answered once it is (lib/consents/await-document.ts).
 */
export async function readConsentOrThrow(tenantId: string, row: ConsentRow | null | undefined): Promise<ConsentObject> {
  if (!row || !documentUnderWay(row)) return consentObjectOrThrow(row);
  await awaitDocument(tenantId, row.id);
  return getConsentOrThrow(tenantId, row.id);
}

export async function getConsentOrThrow(tenantId: string, id: string): Promise<ConsentObject> {
  return consentObjectOrThrow(await consentRow(tenantId, id));
}
