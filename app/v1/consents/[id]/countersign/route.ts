// POST /v1/consents/{id}/countersign — the informing physician's countersignature (decisions §19): the consent completes
import { json, methods, withApiKey } from "@/lib/api/handler";
import { countersignConsent } from "@/lib/consents/countersign-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(
    async ({ auth, params, body, origin }) => json(await countersignConsent(auth.tenantId, params.id, body, origin)),
    "POST /v1/consents/{id}/countersign",
  ),
});
