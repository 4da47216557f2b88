// The panel's session carries the user id and the session id (see lib/panel/auth-options.ts).
import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface Session {
    user: DefaultSession["user"] & { id: string };
    /** set at sign-in, revoked at sign-out (lib/panel/revoke-panel-session.ts) */
    sid?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sid?: string;
  }
}
