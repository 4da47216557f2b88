// GET /v1/consents/{id} — the current consent object, with fresh download links
import { json, methods, withApiKey } from "@/lib/api/handler";
import { getConsentOrThrow } from "@/lib/consents/get-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey<{ id: string }>(async ({ auth, params }) => json(await getConsentOrThrow(auth.tenantId, params.id)), "GET /v1/consents/{id}"),
});
