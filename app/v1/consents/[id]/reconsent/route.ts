// POST /v1/consents/{id}/reconsent — a consent for the same person on the template's current version (decisions §22)
import { json, methods, withApiKey } from "@/lib/api/handler";
import { reconsentConsent } from "@/lib/consents/reconsent-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(
    async ({ auth, params, body, origin }) => json(await reconsentConsent(auth.tenantId, params.id, body, origin), 201),
    "POST /v1/consents/{id}/reconsent",
  ),
});
