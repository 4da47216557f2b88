// GET /v1/consents: the tenant's consents, newest first, with the filters of the spec and the
// envelope of decisions §5. The SQL is a hot path's (lib/db.ts): a page of 50 through
// Prisma cost more than the query itself.
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { consentPage, type ConsentFilter } from "@/lib/db/consents";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { parseOrThrow } from "@/lib/errors";
import { startOfDayIn } from "@/lib/time";
import { listConsentsQuerySchema, type ListConsentsQuery } from "@/lib/consents/consent-schemas";
import { serializeConsent } from "@/lib/consents/serialize-consent";
import { tcDigest } from "@/lib/consents/tc-digest";
import type { PatientSearch } from "@/lib/consents/patient-search";

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The database filter of a parsed list query (the API's, and the panel's on top of it). */
export function consentFilterOf(tenantId: string, q: ListConsentsQuery, at: Date, patient?: PatientSearch): ConsentFilter {
  const tz = env().APP_TIMEZONE;
  return {
    // A sent consent past expires_at reads as expired, so the status filters follow that reading.
    status: q.status,
    at,
    externalRef: q.external_ref,
    externalPatientId: q.external_patient_id,
    tcDigest: q.tc !== undefined ? tcDigest(tenantId, q.tc.trim()) : undefined,
    ...patient,
    createdFrom: q.from ? startOfDayIn(q.from, tz)! : undefined,
    createdBefore: q.to ? startOfDayIn(nextDay(q.to), tz)! : undefined,
  };
}

/** `patient`: the panel's search by the person (patient-search.ts); the API lists by its own filters. */
export async function listConsents(
  tenantId: string,
  query: Record<string, string>,
  patient?: PatientSearch,
): Promise<{ data: ConsentObject[]; count: number; limit: number; offset: number }> {
  const q = parseOrThrow(listConsentsQuerySchema, query);
  const at = now();
  const { rows, total } = await consentPage(tenantId, consentFilterOf(tenantId, q, at, patient), q.limit, q.offset);
  return { data: rows.map((r) => serializeConsent(r, at)), count: total, limit: q.limit, offset: q.offset };
}
