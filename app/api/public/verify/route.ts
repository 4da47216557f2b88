// POST /api/public/verify — the same check as /v1/verify without credentials, for the public page,
// limited per client address (decisions §5), with the consent's place in the transparency log (§20).
import { publicRoute } from "@/lib/api/public-route";
import { readJsonObject } from "@/lib/api/read-body";
import { verifyPublicly } from "@/lib/verification/verify-publicly";

export const POST = publicRoute({ bucket: "public-verify", perMinute: 30 }, async ({ req }) =>
  Response.json(await verifyPublicly(await readJsonObject(req, false))),
);
