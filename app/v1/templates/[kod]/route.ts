// GET, PUT /v1/templates/{kod} — read a template; edit its draft or publish a new version
import { json, methods, withApiKey } from "@/lib/api/handler";
import { getTemplateOrThrow } from "@/lib/templates/get-template";
import { updateTemplate } from "@/lib/templates/update-template";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey<{ kod: string }>(async ({ auth, params }) => json(await getTemplateOrThrow(auth.tenantId, params.kod)), "GET /v1/templates/{kod}"),
  // updateTemplate validates the body against updateTemplateSchema (422 validation_failed).
  PUT: withApiKey<{ kod: string }>(
    async ({ auth, params, body }) => json(await updateTemplate(auth.tenantId, params.kod, body, `api:${auth.keyId}`)),
    "PUT /v1/templates/{kod}",
  ),
});
