// POST /v1/consents/{id}/cancel — the institution cancels an open consent (optional { reason })
import { json, methods, withApiKey } from "@/lib/api/handler";
import { cancelConsent } from "@/lib/consents/cancel-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(
    async ({ auth, params, body, origin }) => json(await cancelConsent(auth.tenantId, params.id, body, origin)),
    "POST /v1/consents/{id}/cancel",
  ),
});
