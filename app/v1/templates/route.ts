// GET, POST /v1/templates — list the tenant's templates; create a template
import { json, methods, withApiKey } from "@/lib/api/handler";
import { createTemplate } from "@/lib/templates/create-template";
import { listTemplates } from "@/lib/templates/list-templates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey(async ({ auth }) => json(await listTemplates(auth.tenantId)), "GET /v1/templates"),
  // createTemplate validates the body against createTemplateSchema (422 validation_failed).
  POST: withApiKey(async ({ auth, body }) => json(await createTemplate(auth.tenantId, body, `api:${auth.keyId}`), 201), "POST /v1/templates"),
});
