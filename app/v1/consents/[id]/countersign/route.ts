// POST /v1/consents/{id}/countersign — the informing physician's countersignature, drawn (decisions §19) or qualified (§24): the consent completes
import { json, methods, withApiKey } from "@/lib/api/handler";
import { countersignRequest } from "@/lib/signing/qualified/countersign-request";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(
    async ({ auth, params, body, origin }) => json(await countersignRequest(auth.tenantId, params.id, body, origin)),
    "POST /v1/consents/{id}/countersign",
  ),
});
