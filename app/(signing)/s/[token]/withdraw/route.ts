// POST /s/{token}/withdraw — withdraw a signed consent (optional { reason }; needs a code verified after the signature)
import { methods } from "@/lib/api/handler";
import { withdrawBySigner } from "@/lib/signing/withdraw-by-signer";
import { withSigningToken } from "@/lib/api/signing-policy";

const post = withSigningToken(async ({ token, session, body, origin }) => Response.json(await withdrawBySigner(token, session, body, origin)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post }, withSigningToken);
