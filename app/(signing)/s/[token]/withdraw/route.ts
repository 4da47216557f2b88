// POST /s/{token}/withdraw — withdraw a signed consent (optional { reason }; needs a code verified after the signature)
import { withdrawBySigner } from "@/lib/signing/withdraw-by-signer";
import { withSigningToken } from "@/lib/signing/signing-handler";

export const POST = withSigningToken(async ({ token, session, body, origin }) => Response.json(await withdrawBySigner(token, session, body, origin)));
