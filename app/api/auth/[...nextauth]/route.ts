// GET, POST /api/auth/* — next-auth's endpoints for the panel (sign-in, sign-out, session, CSRF)
import NextAuth from "next-auth";
import { authOptions } from "@/lib/panel/auth-options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so that settings are read at run time, not during `next build`.
function handler(req: Request, ctx: Ctx): Promise<Response> {
  return (NextAuth(authOptions()) as (req: Request, ctx: Ctx) => Promise<Response>)(req, ctx);
}

export { handler as GET, handler as POST };
