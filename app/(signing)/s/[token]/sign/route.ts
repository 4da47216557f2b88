// POST /s/{token}/sign — approve with the drawn signature (needs a verified code)
import { signConsent } from "@/lib/signing/sign-consent";
import { withSigningToken } from "@/lib/signing/signing-handler";

export const POST = withSigningToken(async ({ token, session, body, origin }) => Response.json(await signConsent(token, session, body, origin)));
