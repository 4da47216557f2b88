// POST /v1/consents/{id}/timestamp — retry timestamping a document at once: { ok, message, consent }
import { json, methods, withApiKey } from "@/lib/api/handler";
import { retryTimestamp } from "@/lib/completion/retry-timestamp";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApiKey<{ id: string }>(async ({ auth, params }) => json(await retryTimestamp(auth.tenantId, params.id)), "POST /v1/consents/{id}/timestamp"),
});
