// POST /v1/consents/{id}/countersign/prepare — a physician's qualified countersignature, first step (decisions §24)
import { json, methods, withApiKey } from "@/lib/api/handler";
import { prepareCountersignRequest } from "@/lib/signing/qualified/countersign-request";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(
    async ({ auth, params, body, origin }) => json(await prepareCountersignRequest(auth.tenantId, params.id, body, origin)),
    "POST /v1/consents/{id}/countersign/prepare",
  ),
});
