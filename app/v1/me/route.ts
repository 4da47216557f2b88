// GET /v1/me — the tenant, key, quota and timestamping behind the calling key
import { json, methods, withApiKey } from "@/lib/api/handler";
import { getMe } from "@/lib/tenants/get-me";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey(async ({ auth }) => json(await getMe(auth)), "GET /v1/me"),
});
