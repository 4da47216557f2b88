// POST /v1/consents/{id}/withdraw — the person withdrew a signed consent (optional { reason }), decisions §18
import { json, methods, withApiKey } from "@/lib/api/handler";
import { withdrawConsent } from "@/lib/consents/withdraw-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(
    async ({ auth, params, body, origin }) => json(await withdrawConsent(auth.tenantId, params.id, body, origin)),
    "POST /v1/consents/{id}/withdraw",
  ),
});
