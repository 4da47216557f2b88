// GET /v1/consents/{id}: the current consent object of the tenant's consent.
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { consentRow } from "@/lib/db/consents";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { serializeConsent } from "@/lib/consents/serialize-consent";

export async function getConsentOrThrow(tenantId: string, id: string): Promise<ConsentObject> {
  // A hot path (every poll of an integrator): straight to the driver.
  const row = await consentRow(tenantId, id);
  if (!row) throw new AppError("not_found", "Onam bulunamadı.");
  return serializeConsent(row, now());
}
