// POST /api/public/verify — the same check as /v1/verify without credentials, for the public page,
// limited per client address (decisions §5).
import { publicRoute } from "@/lib/api/public-route";
import { readJsonObject } from "@/lib/api/read-body";
import { verifyDocument } from "@/lib/verification/verify-document";

export const POST = publicRoute({ bucket: "public-verify", perMinute: 30 }, async ({ req }) =>
  Response.json(await verifyDocument(await readJsonObject(req, false))),
);
