// Administrative quota and licence changes, each recorded in the quota ledger (decisions §11).
import { z } from "zod";
import { AppError, parseOrThrow } from "@/lib/errors";
import { transaction } from "@/lib/db";
import { insertQuotaEntry, updateTenantQuota } from "@/lib/db/quota";
import { lockTenantQuota } from "@/lib/db/tenants";

/** `YYYY-MM-DD`, a real calendar day; stored as that day at UTC midnight (a `date` column). */
export const dateOnlySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "YYYY-MM-DD biçiminde bir tarih olmalı" })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, { error: "geçerli bir tarih değil" });

export const quotaCountSchema = z.int({ error: "tam sayı olmalı" }).min(0, { error: "negatif olamaz" }).max(1_000_000_000);

export interface QuotaView {
  remaining: number;
  unlimited: boolean;
  /** `YYYY-MM-DD`, inclusive; null = no end */
  license_ends: string | null;
}

export function quotaView(t: { quotaRemaining: number; quotaUnlimited: boolean; licenseEnds: Date | null }): QuotaView {
  return {
    remaining: t.quotaRemaining,
    unlimited: t.quotaUnlimited,
    license_ends: t.licenseEnds ? t.licenseEnds.toISOString().slice(0, 10) : null,
  };
}

const schema = z
  .object({
    tenantId: z.string().min(1),
    remaining: quotaCountSchema.optional(),
    unlimited: z.boolean().optional(),
    licenseEnds: dateOnlySchema.optional(),
    actor: z.string().min(1).max(200),
  })
  .refine((i) => !(i.remaining !== undefined && i.unlimited === true), {
    error: "kalan kontör ve sınırsız birlikte verilemez",
    path: ["remaining"],
  })
  .refine((i) => i.remaining !== undefined || i.unlimited !== undefined || i.licenseEnds !== undefined, {
    error: "değiştirilecek bir değer verilmeli (remaining, unlimited ya da licenseEnds)",
    path: ["remaining"],
  });

type SetQuotaInput = z.input<typeof schema>;

/**
 * Sets the tenant's quota. A numeric `remaining` makes the quota limited again; `unlimited: true`
 * keeps `remaining` as it was, so switching back restores the old balance.
 */
export async function setQuota(input: SetQuotaInput): Promise<QuotaView> {
  const i = parseOrThrow(schema, input);
  return transaction(async (tx) => {
    // Row lock: a consent create consuming a unit between our read and write would otherwise make
    // the ledger delta wrong.
    const old = await lockTenantQuota(tx, i.tenantId);
    if (!old) throw new AppError("not_found", "Kurum bulunamadı.");
    const tenant = await updateTenantQuota(tx, i.tenantId, {
      ...(i.remaining !== undefined ? { quotaRemaining: i.remaining, quotaUnlimited: false } : {}),
      ...(i.unlimited !== undefined ? { quotaUnlimited: i.unlimited } : {}),
      ...(i.licenseEnds !== undefined ? { licenseEnds: i.licenseEnds } : {}),
    });
    if (!tenant) throw new AppError("not_found", "Kurum bulunamadı.");
    await insertQuotaEntry(tx, {
      tenantId: i.tenantId,
      delta: tenant.quotaRemaining - old.remaining,
      reason: i.unlimited === true ? "admin_unlimited" : "admin_set",
      balanceAfter: tenant.quotaRemaining,
      actor: i.actor,
    });
    return quotaView(tenant);
  });
}
