// GET /v1/consents/{id}: the current consent object of the tenant's consent.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/api/errors";
import { consentSelect, serializeConsent, type ConsentObject } from "@/lib/consents/serialize-consent";

export async function getConsentOrThrow(tenantId: string, id: string): Promise<ConsentObject> {
  const row = await db().consent.findFirst({ where: { id, tenantId }, select: consentSelect });
  if (!row) throw new AppError("not_found", "Onam bulunamadı.");
  return serializeConsent(row, now());
}
