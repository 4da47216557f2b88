// The tenant settings the owner sees and may change in the panel.
import { z } from "zod";
import { tenantById, updateTenantSettingsRow } from "@/lib/db/tenants";
import { AppError, parseOrThrow } from "@/lib/errors";
import { formatLicenseEnds } from "@/lib/tenants/get-me";
import { PHYSICIAN_SIGNATURE_TYPES } from "@/lib/contract/enums";

const REMINDER_MESSAGE = "boş ya da 1 ile 168 arasında bir tam sayı olmalı";

const updateSchema = z.object({
  defaultValidityHours: z.coerce
    .number({ error: "1 ile 720 arasında bir tam sayı olmalı" })
    .int({ error: "1 ile 720 arasında bir tam sayı olmalı" })
    .min(1, { error: "1 ile 720 arasında bir tam sayı olmalı" })
    .max(720, { error: "1 ile 720 arasında bir tam sayı olmalı" }),
  // decisions §23: off (empty) by default; hours before expires_at.
  reminderHoursBefore: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : v),
    z.coerce.number({ error: REMINDER_MESSAGE }).int({ error: REMINDER_MESSAGE }).min(1, { error: REMINDER_MESSAGE }).max(168, { error: REMINDER_MESSAGE }).nullable(),
  ),
  // decisions §24: how physicians countersign unless a consent says (hekim_imza_turu); unchanged when not sent.
  physicianSignatureType: z.enum(PHYSICIAN_SIGNATURE_TYPES, { error: "cizim ya da nitelikli olmalı" }).optional(),
});

export async function getTenantSettings(tenantId: string) {
  const t = await tenantById(tenantId);
  if (!t) throw new AppError("not_found");
  return {
    code: t.code,
    name: t.name,
    type: t.type,
    storageMode: t.storageMode,
    defaultValidityHours: t.defaultValidityHours,
    reminderHoursBefore: t.reminderHoursBefore,
    physicianSignatureType: t.physicianSignatureType as "cizim" | "nitelikli",
    quotaRemaining: t.quotaRemaining,
    quotaUnlimited: t.quotaUnlimited,
    licenseEnds: formatLicenseEnds(t.licenseEnds),
    requireTwoFactor: t.requireTwoFactor,
  };
}

/** The default validity and the reminder are editable here; storage mode and quota are the operator's (admin CLI). */
export async function updateTenantSettings(
  tenantId: string,
  input: unknown,
): Promise<{ defaultValidityHours: number; reminderHoursBefore: number | null; physicianSignatureType?: "cizim" | "nitelikli" }> {
  const i = parseOrThrow(updateSchema, input);
  const saved = await updateTenantSettingsRow(tenantId, {
    defaultValidityHours: i.defaultValidityHours,
    reminderHoursBefore: i.reminderHoursBefore,
    ...(i.physicianSignatureType ? { physicianSignatureType: i.physicianSignatureType } : {}),
  });
  if (!saved) throw new AppError("not_found");
  return saved;
}
