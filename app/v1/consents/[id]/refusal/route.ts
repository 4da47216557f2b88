// POST /v1/consents/{id}/refusal — a refusal to sign put on record with a witness (decisions §19): rejected, with a Ret Tutanağı
import { json, methods, withApiKey } from "@/lib/api/handler";
import { recordRefusal } from "@/lib/consents/record-refusal";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(
    async ({ auth, params, body, origin }) => json(await recordRefusal(auth.tenantId, params.id, body, origin)),
    "POST /v1/consents/{id}/refusal",
  ),
});
