// The panel's session carries the user id, the session id and the user's session version (see
// lib/users/auth-options.ts).
import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface Session {
    user: DefaultSession["user"] & { id: string };
    /** set at sign-in, revoked at sign-out (lib/users/revoke-panel-session.ts) */
    sid?: string;
    /** the user's session version at sign-in; raised to end all their sessions (a password reset) */
    sv?: number;
  }
  interface User {
    sv?: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sid?: string;
    sv?: number;
  }
}
