// POST /s/{token}/listened — how much of the recording the person listened to; evidence metin_dinlendi (decisions §22)
import { methods } from "@/lib/api/handler";
import { withSigningToken } from "@/lib/api/signing-policy";
import { recordListening } from "@/lib/signing/record-listening";

const post = withSigningToken(async ({ token, body, session, origin }) => Response.json(await recordListening(token, session, body, origin)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post }, withSigningToken);
