// GET /v1/consents/{id}/events — the evidence records and the chain verdict
import { json, methods, withApiKey } from "@/lib/api/handler";
import { getConsentEvents } from "@/lib/consents/get-consent-events";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey<{ id: string }>(async ({ auth, params }) => json(await getConsentEvents(auth.tenantId, params.id)), "GET /v1/consents/{id}/events"),
});
