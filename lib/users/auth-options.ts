// next-auth v4 for the panel: credentials (e-mail + password), JWT sessions that expire after 8 hours.
// The JWT carries only the user id, a session id and the user's session version; role and tenant are
// read from the database on every request (lib/users/require-panel-user.ts), so a role change or a
// disabled account takes effect at once, signing out revokes the session id on the server, and a
// password reset (a new session version) ends every session of the user. A user with two-factor sign-in sends
// the code of their authenticator app (or a recovery code) with the password: the password alone
// never makes their session (issue #42).
import { createHmac, randomBytes } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { clientIpOf } from "@/lib/server/client-ip";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { revokePanelSession, SESSION_MAX_AGE_S } from "@/lib/users/revoke-panel-session";

export const SIGN_IN_PATH = "/panel/login";

/** The refusals the sign-in form is told as they are; every other one is "invalid". */
const SAID = new Set(["throttled", "code_required", "code_invalid"]);

/** Built per request: env() is read at run time, never during `next build`. */
export function authOptions(): NextAuthOptions {
  const e = env();
  return {
    // A key derived from APP_SECRET for sessions only, so other uses of the secret stay separate.
    secret: createHmac("sha256", e.APP_SECRET).update("panel-session:v1").digest("base64url"),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    jwt: { maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        name: "e-posta",
        credentials: {
          email: { label: "E-posta", type: "email" },
          password: { label: "Parola", type: "password" },
          code: { label: "Doğrulama kodu", type: "text" },
        },
        async authorize(credentials, req) {
          const ip = clientIpOf(new Headers((req.headers ?? {}) as Record<string, string>));
          const result = await verifyCredentials(credentials?.email ?? "", credentials?.password ?? "", ip, credentials?.code ?? "");
          // The thrown message reaches the sign-in form as `error`. A locked account, a wrong password
          // and an unknown e-mail answer alike (decisions §15: the answer must not tell which accounts
          // exist or are locked); only the per-address limit, which concerns the caller, says so, and
          // the second step, which only the right password reaches.
          if (!result.ok) throw new Error(SAID.has(result.reason) ? result.reason : "invalid");
          return { id: result.userId, email: result.email, name: result.name, sv: result.sessionVersion };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.sid = randomBytes(16).toString("base64url");
          token.sv = user.sv ?? 0;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, sid: token.sid, sv: token.sv ?? 0, user: { ...session.user, id: token.sub ?? "" } };
      },
    },
    events: {
      async signOut({ token }) {
        if (token?.sid) await revokePanelSession(token.sid, typeof token.exp === "number" ? token.exp : undefined);
      },
    },
  };
}
