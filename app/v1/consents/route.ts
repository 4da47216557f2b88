// GET, POST /v1/consents — list the tenant's consents; create a consent and send its signing link
import { json, methods, withApiKey } from "@/lib/api/handler";
import { createConsent } from "@/lib/consents/create-consent";
import { listConsents } from "@/lib/consents/list-consents";

export const createConsentHandler = withApiKey(
  async ({ auth, body, origin }) => json(await createConsent(auth.tenantId, body, origin), 201),
  "POST /v1/consents",
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey(async ({ auth, url }) => json(await listConsents(auth.tenantId, Object.fromEntries(url.searchParams))), "GET /v1/consents"),
  POST: createConsentHandler,
});
