// The tenant settings the owner sees and may change in the panel.
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, parseOrThrow } from "@/lib/errors";
import { formatLicenseEnds } from "@/lib/tenants/get-me";

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
});

export async function getTenantSettings(tenantId: string) {
  const t = await db().tenant.findUnique({
    where: { id: tenantId },
    select: {
      code: true,
      name: true,
      type: true,
      storageMode: true,
      defaultValidityHours: true,
      reminderHoursBefore: true,
      quotaRemaining: true,
      quotaUnlimited: true,
      licenseEnds: true,
      requireTwoFactor: true,
    },
  });
  if (!t) throw new AppError("not_found");
  return { ...t, licenseEnds: formatLicenseEnds(t.licenseEnds) };
}

/** The default validity and the reminder are editable here; storage mode and quota are the operator's (admin CLI). */
export async function updateTenantSettings(tenantId: string, input: unknown): Promise<{ defaultValidityHours: number; reminderHoursBefore: number | null }> {
  const i = parseOrThrow(updateSchema, input);
  return db().tenant.update({
    where: { id: tenantId },
    data: { defaultValidityHours: i.defaultValidityHours, reminderHoursBefore: i.reminderHoursBefore },
    select: { defaultValidityHours: true, reminderHoursBefore: true },
  });
}
