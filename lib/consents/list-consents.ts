// GET /v1/consents: the tenant's consents, newest first, with the filters of the spec and the
// envelope of decisions §5. Every filter has an index that starts with tenant_id. Straight to the
// driver (lib/db.ts sqlRows): a page of 50 through Prisma cost more than the query itself.
import { Prisma } from "@prisma/client";
import type { ConsentObject } from "@/lib/api/response-shapes";
import { sqlRows } from "@/lib/db";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { parseOrThrow } from "@/lib/api/errors";
import { startOfDayIn } from "@/lib/time";
import { listConsentsQuerySchema } from "@/lib/consents/consent-schemas";
import { consentColumns, serializeConsent, type ConsentRow } from "@/lib/consents/serialize-consent";
import { tcDigest } from "@/lib/consents/tc-digest";

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export async function listConsents(
  tenantId: string,
  query: Record<string, string>,
): Promise<{ data: ConsentObject[]; count: number; limit: number; offset: number }> {
  const q = parseOrThrow(listConsentsQuerySchema, query);
  const at = now();
  const tz = env().APP_TIMEZONE;
  const filters: Prisma.Sql[] = [];
  // A sent consent past expires_at reads as expired, so the status filters follow that reading.
  if (q.status === "sent") filters.push(Prisma.sql`status = 'sent' AND expires_at > ${at}`);
  else if (q.status === "expired") filters.push(Prisma.sql`(status = 'expired' OR (status = 'sent' AND expires_at <= ${at}))`);
  else if (q.status) filters.push(Prisma.sql`status = ${q.status}`);
  if (q.external_ref !== undefined) filters.push(Prisma.sql`external_ref = ${q.external_ref}`);
  if (q.external_patient_id !== undefined) filters.push(Prisma.sql`external_patient_id = ${q.external_patient_id}`);
  if (q.tc !== undefined) filters.push(Prisma.sql`tc_digest = ${tcDigest(q.tc.trim())}`);
  if (q.from) filters.push(Prisma.sql`created_at >= ${startOfDayIn(q.from, tz)!}`);
  if (q.to) filters.push(Prisma.sql`created_at < ${startOfDayIn(nextDay(q.to), tz)!}`);
  const where = Prisma.join([Prisma.sql`tenant_id = ${tenantId}`, ...filters], " AND ");
  const [rows, [total]] = await Promise.all([
    sqlRows<ConsentRow>(
      Prisma.sql`SELECT ${consentColumns} FROM consents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    ),
    // Unfiltered, the tenant's kept total (consent_totals, exact: kept by triggers) spares counting
    // every row; a filter narrows the rows to count through its index.
    sqlRows<{ n: number }>(
      filters.length > 0
        ? Prisma.sql`SELECT count(*)::int AS n FROM consents WHERE ${where}`
        : Prisma.sql`SELECT COALESCE(sum(n), 0)::int AS n FROM consent_totals WHERE tenant_id = ${tenantId}`,
    ),
  ]);
  return { data: rows.map((r) => serializeConsent(r, at)), count: total?.n ?? 0, limit: q.limit, offset: q.offset };
}
