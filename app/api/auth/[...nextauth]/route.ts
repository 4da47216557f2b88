// GET, POST /api/auth/* — next-auth's endpoints for the panel (sign-in, sign-out, session, CSRF)
import NextAuth from "next-auth";
import { authOptions } from "@/lib/users/auth-options";
import { signInUnavailable } from "@/lib/api/sign-in-guard";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so that settings are read at run time, not during `next build`.
async function handler(req: Request, ctx: Ctx): Promise<Response> {
  const refused = await signInUnavailable(req);
  if (refused) return refused;
  return (NextAuth(authOptions()) as (req: Request, ctx: Ctx) => Promise<Response>)(req, ctx);
}

export { handler as GET, handler as POST };
