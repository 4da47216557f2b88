// PUT /panel/settings/branding: the institution's address, phone, privacy-notice link and SMS sender
// name, all four at once (an empty one is cleared). 422 naming each field that is not right. The
// panel's action log names the fields that changed, not their values.
import { transaction } from "@/lib/db";
import { brandingFieldsInTx, saveBrandingFields } from "@/lib/db/branding";
import { now } from "@/lib/clock";
import { parseOrThrow } from "@/lib/errors";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { brandingFieldsSchema, type BrandingFields } from "@/lib/branding/branding-fields";

const FIELDS = ["address", "phone", "privacyUrl", "smsSender"] as const;

export async function updateBranding(tenantId: string, actorId: string, input: unknown): Promise<BrandingFields> {
  const fields = parseOrThrow(brandingFieldsSchema, input);
  const at = now();
  return transaction(async (tx) => {
    const before = await brandingFieldsInTx(tx, tenantId);
    await saveBrandingFields(tx, tenantId, fields, at);
    const changed = FIELDS.filter((f) => (before?.[f] ?? null) !== fields[f]);
    if (changed.length > 0) await recordPanelAction({ tenantId, actorId, action: "branding.update", detail: { fields: [...changed] } }, tx);
    return fields;
  });
}
