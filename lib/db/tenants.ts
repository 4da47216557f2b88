// Tenants (institutions): their row, the settings the owner and the operator change, and the row
// lock a quota change takes.
import { Prisma } from "@prisma/client";
import { db, sqlRows, type Tx } from "@/lib/db";

/**
 * Locks the tenant's row for the rest of the transaction and returns its quota as it stands: a
 * consent create consuming a unit between a read and a write would otherwise make a ledger delta wrong.
 */
export async function lockTenantQuota(tx: Tx, tenantId: string): Promise<{ remaining: number } | undefined> {
  const rows = await tx.$queryRaw<{ remaining: number }[]>(Prisma.sql`SELECT quota_remaining AS remaining FROM tenants WHERE id = ${tenantId} FOR UPDATE`);
  return rows[0];
}

// ── The tenant's row (panel, admin command line, GET /v1/me) ─────────────────────────────────────

const tenantSelect = {
  id: true,
  code: true,
  name: true,
  type: true,
  storageMode: true,
  timezone: true,
  defaultValidityHours: true,
  reminderHoursBefore: true,
  physicianSignatureType: true,
  quotaRemaining: true,
  quotaUnlimited: true,
  /** a date: Prisma reads it as that day at UTC midnight */
  licenseEnds: true,
  requireTwoFactor: true,
} satisfies Prisma.TenantSelect;

export type TenantRow = Prisma.TenantGetPayload<{ select: typeof tenantSelect }>;

export function tenantById(id: string): Promise<TenantRow | null> {
  return db().tenant.findUnique({ where: { id }, select: tenantSelect });
}

export function tenantByCode(code: string): Promise<TenantRow | null> {
  return db().tenant.findUnique({ where: { code }, select: tenantSelect });
}

export function countTenants(): Promise<number> {
  return db().tenant.count();
}

interface NewTenant {
  id: string;
  code: string;
  name: string;
  type: string;
  storageMode: string;
  quotaRemaining: number;
  quotaUnlimited: boolean;
  /** `YYYY-MM-DD` */
  licenseEnds: string;
  timezone: string;
  defaultValidityHours: number;
}

/**
 * The tenant and, with `ledgerReason`, the quota ledger's record of its initial quota, in ONE
 * statement (atomic without a transaction). False when a tenant with this code exists: the unique
 * index decides, so two creates racing for one code cannot both succeed.
 */
export async function insertTenant(t: NewTenant, ledgerReason: string | null, actor: string): Promise<boolean> {
  const at = new Date();
  const rows = await sqlRows<{ id: string }>(Prisma.sql`
    WITH t AS (
      INSERT INTO tenants (id, code, name, type, storage_mode, quota_remaining, quota_unlimited, license_ends, timezone,
                           default_validity_hours, created_at, updated_at)
      VALUES (${t.id}, ${t.code}, ${t.name}, ${t.type}, ${t.storageMode}, ${t.quotaRemaining}, ${t.quotaUnlimited},
              ${t.licenseEnds}::date, ${t.timezone}, ${t.defaultValidityHours}, ${at}, ${at})
      ON CONFLICT (code) DO NOTHING
      RETURNING id, quota_remaining
    ), l AS (
      INSERT INTO quota_ledger (tenant_id, delta, reason, balance_after, actor, created_at)
      SELECT id, quota_remaining, ${ledgerReason}, quota_remaining, ${actor}, ${at} FROM t WHERE ${ledgerReason}::text IS NOT NULL
    )
    SELECT id FROM t`);
  return rows.length === 1;
}

/** The owner's settings (panel); null when there is no such tenant. */
export async function updateTenantSettingsRow<S extends { defaultValidityHours: number; reminderHoursBefore: number | null; physicianSignatureType?: string }>(tenantId: string, s: S) {
  const { count } = await db().tenant.updateMany({ where: { id: tenantId }, data: s });
  return count === 1 ? s : null;
}

/** The "two-factor sign-in required" switch, in the transaction that logs it; undefined without the tenant. */
export async function setRequireTwoFactor(tx: Tx, tenantId: string, required: boolean): Promise<boolean | undefined> {
  const [row] = await tx.$queryRaw<{ required: boolean }[]>(Prisma.sql`
    UPDATE tenants SET require_two_factor = ${required}, updated_at = ${new Date()} WHERE id = ${tenantId}
    RETURNING require_two_factor AS required`);
  return row?.required;
}
