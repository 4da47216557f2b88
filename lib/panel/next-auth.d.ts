// The panel's session carries the user id (see lib/panel/auth-options.ts).
import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface Session {
    user: DefaultSession["user"] & { id: string };
  }
}
