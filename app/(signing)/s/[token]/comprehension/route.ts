// POST /s/{token}/comprehension — the answers to the teach-back questions (decisions §22; needs a verified code)
import { methods } from "@/lib/api/handler";
import { recordComprehensionAnswers } from "@/lib/signing/record-comprehension";
import { withSigningToken } from "@/lib/api/signing-policy";

const post = withSigningToken(async ({ token, session, body, origin }) => Response.json(await recordComprehensionAnswers(token, session, body, origin)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post }, withSigningToken);
