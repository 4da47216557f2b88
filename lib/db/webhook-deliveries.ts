// Webhook deliveries as the panel and a single attempt see them: the history of one tenant, a test
// event's delivery, and the claim of one delivery for an attempt on request (the runner's batch claim
// and the outbox rows of state changes are in lib/db/webhooks.ts).
import { Prisma } from "@prisma/client";
import { db, utcFromEpochMs } from "@/lib/db";
import { inConsentOrder } from "@/lib/db/webhooks";
import { consentSelect } from "@/lib/db/consents";

/**
 * Claims the delivery until `lockedUntil` unless another process holds a live lease on it: with
 * `tenantId`, only the tenant's; with `pendingOnly` (an attempt on the schedule), only a pending one
 * that no earlier pending delivery of its consent holds back (inConsentOrder). Returns whether it did.
 */
export async function claimDelivery(id: bigint, c: { tenantId?: string; pendingOnly: boolean; at: Date; lockedUntil: Date }): Promise<boolean> {
  const utc = (d: Date) => utcFromEpochMs(Prisma.sql`${d.getTime()}`);
  const count = await db().$executeRaw(Prisma.sql`
    UPDATE webhook_deliveries AS d SET locked_until = ${utc(c.lockedUntil)}
    WHERE d.id = ${id} AND (d.locked_until IS NULL OR d.locked_until < ${utc(c.at)})
      ${c.tenantId !== undefined ? Prisma.sql`AND d.tenant_id = ${c.tenantId}` : Prisma.empty}
      ${c.pendingOnly ? Prisma.sql`AND d.status = 'pending' AND ${inConsentOrder("d")}` : Prisma.empty}`);
  return count === 1;
}

/** A claimed delivery as an attempt needs it, with its attempts' triggers; null when it is gone. */
export function deliveryForAttempt(id: bigint) {
  return db().webhookDelivery.findUnique({
    where: { id },
    select: { tenantId: true, consentId: true, event: true, createdAtIso: true, status: true, attempts: { select: { trigger: true } } },
  });
}

export async function deliveryStatusOf(id: bigint): Promise<string | undefined> {
  return (await db().webhookDelivery.findUnique({ where: { id }, select: { status: true } }))?.status;
}

/** A test event's delivery, without a next attempt time (the background runner leaves it alone). */
export async function insertTestDelivery(tenantId: string, event: string, createdAtIso: string): Promise<bigint> {
  const d = await db().webhookDelivery.create({ data: { tenantId, event, createdAtIso, nextAttemptAt: null }, select: { id: true } });
  return d.id;
}

/** The tenant's deliveries, newest first, each with its attempts in order. */
export function tenantDeliveries(tenantId: string, f: { status?: string; before?: bigint; limit: number }) {
  return db().webhookDelivery.findMany({
    where: { tenantId, ...(f.status ? { status: f.status } : {}), ...(f.before ? { id: { lt: f.before } } : {}) },
    orderBy: { id: "desc" },
    take: f.limit,
    include: { attempts: { orderBy: { attemptNo: "asc" } } },
  });
}

/**
 * The consents a batch of attempts sends (each body's `data`), with their tenants: read across
 * tenants in one query, so the caller must match each to its delivery's tenant.
 */
export function consentsForDeliveries(ids: readonly string[]) {
  return db().consent.findMany({ where: { id: { in: [...ids] } }, select: { ...consentSelect, tenantId: true } });
}
