// Creates an institution (tenant), recording any initial quota in the ledger.
import { z } from "zod";
import { AppError, parseOrThrow } from "@/lib/errors";
import { insertTenant } from "@/lib/db/tenants";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { dateOnlySchema, quotaCountSchema, quotaView, type QuotaView } from "@/lib/quota/set-quota";
import { now } from "@/lib/clock";
import { formatDate, isTimeZone } from "@/lib/time";

const TENANT_CODE_RE = /^[a-z0-9][a-z0-9_-]{1,63}$/;
const STORAGE_MODES = ["merkezi", "kurum"] as const;
type StorageMode = (typeof STORAGE_MODES)[number];

const schema = z
  .object({
    code: z.string().regex(TENANT_CODE_RE, {
      error: "2–64 karakter olmalı: küçük harf, rakam, - ve _; harf ya da rakamla başlamalı",
    }),
    name: z.string().trim().min(1, { error: "boş olamaz" }).max(200, { error: "en fazla 200 karakter olabilir" }),
    type: z.string().trim().min(1, { error: "boş olamaz" }).max(50, { error: "en fazla 50 karakter olabilir" }).default("klinik"),
    storage: z.enum(STORAGE_MODES, { error: "merkezi ya da kurum olmalı" }).default("merkezi"),
    quota: quotaCountSchema.optional(),
    unlimited: z.boolean().default(false),
    licenseEnds: dateOnlySchema.optional(),
    timezone: z
      .string()
      .refine(isTimeZone, { error: "IANA saat dilimi olmalı (ör. Europe/Istanbul)" })
      .optional(),
    defaultValidityHours: z.int({ error: "tam sayı olmalı" }).min(1, { error: "1–720 arası olmalı" }).max(720, { error: "1–720 arası olmalı" }).default(72),
  })
  .refine((i) => !(i.quota !== undefined && i.unlimited), {
    error: "kontör ve sınırsız birlikte verilemez",
    path: ["quota"],
  });

type CreateTenantInput = z.input<typeof schema>;

interface TenantView {
  id: string;
  code: string;
  name: string;
  type: string;
  storage: StorageMode;
  timezone: string;
  default_validity_hours: number;
  quota: QuotaView;
}

/**
 * The licence of a tenant created without an end date: one year from today. `quota.license_ends` is
 * a `YYYY-MM-DD` string in the spec, never null, so every tenant has one.
 */
export function licenceEndsInOneYear(at: Date, timeZone: string): string {
  const [y, m, d] = formatDate(at, timeZone).split("-").map(Number) as [number, number, number];
  // 29 February rolls over to 1 March.
  return new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
}

export async function createTenant(input: CreateTenantInput): Promise<TenantView> {
  const i = parseOrThrow(schema, input);
  const t = {
    id: newId("tnt"),
    code: i.code,
    name: i.name,
    type: i.type,
    storageMode: i.storage,
    quotaRemaining: i.quota ?? 0,
    quotaUnlimited: i.unlimited,
    licenseEnds: i.licenseEnds ?? licenceEndsInOneYear(now(), env().APP_TIMEZONE),
    timezone: i.timezone ?? env().APP_TIMEZONE,
    defaultValidityHours: i.defaultValidityHours,
  };
  // An initial quota, a number or unlimited, is a quota movement like any other: the ledger records it.
  const ledgerReason = i.unlimited ? "admin_unlimited" : i.quota !== undefined ? "admin_set" : null;
  if (!(await insertTenant(t, ledgerReason, "admin"))) throw new AppError("invalid_state", `"${i.code}" kodlu bir kurum zaten var.`);
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    type: t.type,
    storage: t.storageMode,
    timezone: t.timezone,
    default_validity_hours: t.defaultValidityHours,
    quota: quotaView({ ...t, licenseEnds: new Date(`${t.licenseEnds}T00:00:00Z`) }),
  };
}
