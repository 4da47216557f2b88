// next-auth's credentials sign-in without a page load, as next-auth/react's
// signIn("credentials", { redirect: false }) does it (next-auth 4: the CSRF token, then the callback
// with `json: true`, whose answer names the refusal in its `error` parameter) — a few lines instead of
// that module with its regenerator runtime and session client on the panel's lightest page (issue #42).
const AUTH = "/api/auth";

/** null when signed in; otherwise the reason next-auth's authorize gave ("invalid", "code_required", …). */
export async function credentialsSignIn(values: Record<string, string>): Promise<string | null> {
  const { csrfToken } = (await (await fetch(`${AUTH}/csrf`)).json()) as { csrfToken: string };
  const res = await fetch(`${AUTH}/callback/credentials`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...values, csrfToken, callbackUrl: window.location.href, json: "true" }),
  });
  const { url } = (await res.json()) as { url?: string };
  const error = url ? new URL(url, window.location.href).searchParams.get("error") : "failed";
  return res.ok && !error ? null : (error ?? "failed");
}
