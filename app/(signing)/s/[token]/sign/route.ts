// POST /s/{token}/sign — approve with the drawn signature (needs a verified code)
import { methods } from "@/lib/api/handler";
import { signConsent } from "@/lib/signing/sign-consent";
import { withSigningToken } from "@/lib/api/signing-policy";

const post = withSigningToken(async ({ token, session, body, origin }) => Response.json(await signConsent(token, session, body, origin)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post }, withSigningToken);
