// GET /v1/consents/{id}: the current consent object of the tenant's consent.
import { Prisma } from "@prisma/client";
import type { ConsentObject } from "@/lib/api/response-shapes";
import { sqlRows } from "@/lib/db";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/api/errors";
import { consentColumns, serializeConsent, type ConsentRow } from "@/lib/consents/serialize-consent";

export async function getConsentOrThrow(tenantId: string, id: string): Promise<ConsentObject> {
  // A hot path (every poll of an integrator): straight to the driver.
  const [row] = await sqlRows<ConsentRow>(Prisma.sql`SELECT ${consentColumns} FROM consents WHERE id = ${id} AND tenant_id = ${tenantId}`);
  if (!row) throw new AppError("not_found", "Onam bulunamadı.");
  return serializeConsent(row, now());
}
