// Panel sign-in security against the real server (issue #42), on PGlite and PostgreSQL alike:
// next-auth's credentials endpoint never makes a session for a two-factor user on the password alone
// or with a wrong or spent code, and makes one with the password and a code; a reset link that is
// unknown, malformed or forged gets the same neutral page, never a 500.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { loopbackClient, run } from "./client";

const users = run.fixtures.users;
// An address of its own: the failures here count against it, not against the other files' 127.0.0.1.
const from = loopbackClient("127.0.0.21");
const CLOSED = "Bu bağlantı geçersiz ya da süresi dolmuş.";

async function credentialsSignIn(fields: Record<string, string>) {
  const csrf = await from("GET", "/api/auth/csrf");
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  const cookie = csrf.setCookies.map((c) => c.split(";")[0]).join("; ");
  const res = await from("POST", "/api/auth/callback/credentials", new URLSearchParams({ ...fields, csrfToken, json: "true" }).toString(), {
    "Content-Type": "application/x-www-form-urlencoded",
    Cookie: cookie,
  });
  const session = res.setCookies.find((c) => c.startsWith("next-auth.session-token="));
  return { text: res.text, status: res.status, session: session?.split(";")[0] };
}

describe("two-factor sign-in through next-auth", () => {
  const u = users.totp;
  const secret = u.totpSecret!;

  it("makes no session on the password alone, nor with a wrong code", async () => {
    const alone = await credentialsSignIn({ email: u.email, password: u.password });
    expect(alone.status).toBeLessThan(500);
    expect(alone.text).toContain("error=code_required");
    expect(alone.session).toBeUndefined();
    const wrong = await credentialsSignIn({ email: u.email, password: u.password, code: "000000" });
    expect(wrong.text).toContain("error=code_invalid");
    expect(wrong.session).toBeUndefined();
    // A right code with a wrong password is a wrong password, said as for any account.
    const badPassword = await credentialsSignIn({ email: u.email, password: "yanlis-parola", code: await generate({ secret }) });
    expect(badPassword.text).toContain("error=invalid");
    expect(badPassword.session).toBeUndefined();
  });

  it("makes a session with the password and a code, and never twice with one code", async () => {
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const ok = await credentialsSignIn({ email: u.email, password: u.password, code });
    expect(ok.session).toBeDefined();
    const panel = await from("GET", "/panel", undefined, { Cookie: ok.session! });
    expect(panel.status).toBe(200);
    expect(panel.text).toContain(u.email);
    const again = await credentialsSignIn({ email: u.email, password: u.password, code });
    expect(again.text).toContain("error=code_invalid");
    expect(again.session).toBeUndefined();
  });

  it("lets a user without two-factor sign-in in on the password, with or without a code field", async () => {
    const ok = await credentialsSignIn({ email: users.staff.email, password: users.staff.password, code: "" });
    expect(ok.session).toBeDefined();
  });
});

describe("the password-reset page", () => {
  it("answers an unknown, malformed or forged link with the same neutral page", async () => {
    const bodies: string[] = [];
    for (const token of [`${"a".repeat(20)}.${"B".repeat(43)}`, "kisa", "%E0%A4%A", `${"a".repeat(20)}.${"B".repeat(43)}.x`]) {
      const res = await from("GET", `/panel/reset/${token}`);
      expect(res.status, token).toBeLessThan(500);
      if (res.status === 200) {
        expect(res.text, token).toContain(CLOSED);
        bodies.push(res.text);
      }
    }
    expect(bodies.length).toBeGreaterThanOrEqual(3);
  });
});
