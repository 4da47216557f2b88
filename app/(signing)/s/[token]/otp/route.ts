// POST /s/{token}/otp — send a 6-digit code by SMS to the consent's phone
import { methods } from "@/lib/api/handler";
import { requestOtp } from "@/lib/signing/request-otp";
import { withSigningToken } from "@/lib/api/signing-policy";

const post = withSigningToken(async ({ token, origin }) => Response.json(await requestOtp(token, origin)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post }, withSigningToken);
