// POST /v1/consents/{id}/resend — send the same short link by SMS again
import { json, methods, withApiKey } from "@/lib/api/handler";
import { resendConsent } from "@/lib/consents/resend-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(async ({ auth, params, origin }) => json(await resendConsent(auth.tenantId, params.id, origin)), "POST /v1/consents/{id}/resend"),
});
