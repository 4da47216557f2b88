// GET /v1/consents/{id} — the current consent object, with fresh download links
import { json, methods, withApiKey } from "@/lib/api/handler";
import { preloadConsent, readConsentOrThrow } from "@/lib/consents/get-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey(async ({ auth, preloaded }) => json(await readConsentOrThrow(auth.tenantId, preloaded)), "GET /v1/consents/{id}", preloadConsent),
});
