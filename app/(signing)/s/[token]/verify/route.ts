// POST /s/{token}/verify — check the code; a match opens a signing session (httpOnly cookie)
import { methods } from "@/lib/api/handler";
import { SESSION_TTL_MS } from "@/lib/signing/otp-rules";
import { sessionCookie, withSigningToken } from "@/lib/api/signing-policy";
import { verifyOtp } from "@/lib/signing/verify-otp";

const post = withSigningToken(async ({ token, body, origin }) => {
  const session = await verifyOtp(token, body.code, origin);
  return Response.json({ verified: true }, { headers: { "Set-Cookie": sessionCookie(token, session, SESSION_TTL_MS / 1000) } });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post }, withSigningToken);
