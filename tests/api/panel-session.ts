// A panel session over plain HTTP, as the sign-in form gets one (next-auth's CSRF token, then the
// credentials callback): for API tests that change a panel setting on a server of their own.
import { expect } from "vitest";

/** `body`: JSON, or raw bytes sent as `contentType`. */
export type PanelFetch = (method: string, path: string, body?: unknown, contentType?: string) => Promise<Response>;

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

export async function panelSession(baseUrl: string, email: string, password: string): Promise<PanelFetch> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }).toString(),
  });
  const session = cookiesOf(signIn).filter((c) => c.startsWith("next-auth.session-token="));
  expect(session, `sign-in answered ${signIn.status}`).toHaveLength(1);
  return (method, path, body, contentType) => {
    const raw = Buffer.isBuffer(body);
    return fetch(`${baseUrl}${path}`, {
      method,
      redirect: "manual",
      // The panel's own origin: its routes refuse a write from anywhere else.
      headers: { Cookie: session.join("; "), Origin: baseUrl, ...(body === undefined ? {} : { "Content-Type": contentType ?? "application/json" }) },
      body: body === undefined ? undefined : raw ? new Uint8Array(body) : JSON.stringify(body),
    });
  };
}
