// POST /api/public/verify — the same check as /v1/verify without credentials, for the public page,
// limited per client address (decisions §5), with the consent's place in the transparency log (§20).
import { publicRoute } from "@/lib/api/public-route";
import { PUBLIC_VERIFY_LIMIT } from "@/lib/limits/public-verify-limit";
import { readJsonObject } from "@/lib/api/read-body";
import { verifyPublicly } from "@/lib/verifier/verify-publicly";

export const POST = publicRoute(PUBLIC_VERIFY_LIMIT, async ({ req }) =>
  Response.json(await verifyPublicly(await readJsonObject(req, false))),
);
