// POST /s/{token}/verify — check the code; a match opens a signing session (httpOnly cookie)
import { SESSION_TTL_MS } from "@/lib/signing/otp-rules";
import { sessionCookie, withSigningToken } from "@/lib/signing/signing-handler";
import { verifyOtp } from "@/lib/signing/verify-otp";

export const POST = withSigningToken(async ({ token, body, origin }) => {
  const session = await verifyOtp(token, body.code, origin);
  return Response.json({ verified: true }, { headers: { "Set-Cookie": sessionCookie(token, session, SESSION_TTL_MS / 1000) } });
});
