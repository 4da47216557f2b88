// POST /s/{token}/decline — decline with an optional reason (needs a verified code)
import { methods } from "@/lib/api/handler";
import { declineConsent } from "@/lib/signing/decline-consent";
import { withSigningToken } from "@/lib/api/signing-policy";

const post = withSigningToken(async ({ token, session, body, origin }) => Response.json(await declineConsent(token, session, body, origin)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post }, withSigningToken);
