// GET /v1/consents: the tenant's consents, newest first, with the filters of the spec and the
// envelope of decisions §5. Every filter has an index that starts with tenant_id.
import type { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { parseOrThrow } from "@/lib/api/errors";
import { startOfDayIn } from "@/lib/time";
import { listConsentsQuerySchema } from "@/lib/consents/consent-schemas";
import { consentSelect, serializeConsent, type ConsentObject } from "@/lib/consents/serialize-consent";
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
  const where: Prisma.ConsentWhereInput = { tenantId };
  // A sent consent past expires_at reads as expired, so the status filters follow that reading.
  if (q.status === "sent") Object.assign(where, { status: "sent", expiresAt: { gt: at } });
  else if (q.status === "expired") where.OR = [{ status: "expired" }, { status: "sent", expiresAt: { lte: at } }];
  else if (q.status) where.status = q.status;
  if (q.external_ref !== undefined) where.externalRef = q.external_ref;
  if (q.external_patient_id !== undefined) where.externalPatientId = q.external_patient_id;
  if (q.tc !== undefined) where.tcDigest = tcDigest(q.tc.trim());
  if (q.from || q.to) {
    where.createdAt = {
      ...(q.from ? { gte: startOfDayIn(q.from, tz)! } : {}),
      ...(q.to ? { lt: startOfDayIn(nextDay(q.to), tz)! } : {}),
    };
  }
  const prisma = db();
  const [count, rows] = await prisma.$transaction([
    prisma.consent.count({ where }),
    prisma.consent.findMany({
      where,
      select: consentSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: q.limit,
      skip: q.offset,
    }),
  ]);
  return { data: rows.map((r) => serializeConsent(r, at)), count, limit: q.limit, offset: q.offset };
}
