// GET /v1/consents/{id} — the current consent object, with fresh download links
import { json, methods, withApiKey } from "@/lib/api/handler";
import { consentObjectOrThrow, preloadConsent } from "@/lib/consents/get-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey(async ({ preloaded }) => json(consentObjectOrThrow(preloaded)), "GET /v1/consents/{id}", preloadConsent),
});
