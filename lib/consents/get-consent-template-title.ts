// The title of the template version a tenant's consent was made from, for the consent's heading.
import { consentTemplateTitle } from "@/lib/db/consent-panel-reads";

export async function getConsentTemplateTitle(tenantId: string, consentId: string): Promise<string | null> {
  return (await consentTemplateTitle(tenantId, consentId)) ?? null;
}
