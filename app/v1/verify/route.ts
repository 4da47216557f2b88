// POST /v1/verify — does a digest match a document id? Any valid key, any tenant's document
import { json, methods, withApiKey } from "@/lib/api/handler";
import { verifyDocument } from "@/lib/verifier/verify-document";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey(async ({ body }) => json(await verifyDocument(body)), "POST /v1/verify"),
});
