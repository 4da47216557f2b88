// POST /s/{token}/decline — decline with an optional reason (needs a verified code)
import { declineConsent } from "@/lib/signing/decline-consent";
import { withSigningToken } from "@/lib/signing/signing-handler";

export const POST = withSigningToken(async ({ token, session, body, origin }) => Response.json(await declineConsent(token, session, body, origin)));
