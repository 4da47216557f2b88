// POST /s/{token}/otp — send a 6-digit code by SMS to the consent's phone
import { requestOtp } from "@/lib/signing/request-otp";
import { withSigningToken } from "@/lib/signing/signing-handler";

export const POST = withSigningToken(async ({ token, origin }) => Response.json(await requestOtp(token, origin)));
