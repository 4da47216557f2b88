// The tenant settings the owner sees and may change in the panel.
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, parseOrThrow } from "@/lib/errors";
import { formatLicenseEnds } from "@/lib/tenants/get-me";

const updateSchema = z.object({
  defaultValidityHours: z.coerce
    .number({ error: "1 ile 720 arasında bir tam sayı olmalı" })
    .int({ error: "1 ile 720 arasında bir tam sayı olmalı" })
    .min(1, { error: "1 ile 720 arasında bir tam sayı olmalı" })
    .max(720, { error: "1 ile 720 arasında bir tam sayı olmalı" }),
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
      quotaRemaining: true,
      quotaUnlimited: true,
      licenseEnds: true,
    },
  });
  if (!t) throw new AppError("not_found");
  return { ...t, licenseEnds: formatLicenseEnds(t.licenseEnds) };
}

/** Only the default validity is editable here; storage mode and quota are the operator's (admin CLI). */
export async function updateTenantSettings(tenantId: string, input: unknown): Promise<{ defaultValidityHours: number }> {
  const i = parseOrThrow(updateSchema, input);
  return db().tenant.update({ where: { id: tenantId }, data: { defaultValidityHours: i.defaultValidityHours }, select: { defaultValidityHours: true } });
}
