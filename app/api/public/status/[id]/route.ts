// GET /api/public/status/{id} — a consent's status from a printout (decisions §25): status, institution, signing date; nothing personal
import { publicRoute } from "@/lib/api/public-route";
import { PUBLIC_VERIFY_LIMIT } from "@/lib/limits/public-verify-limit";
import { getPublicStatus } from "@/lib/consents/get-public-status";

export const GET = publicRoute<{ id: string }>(PUBLIC_VERIFY_LIMIT, async ({ params }) => Response.json(await getPublicStatus(params.id)));
