// A random id per browser on the signing page, set by proxy.ts: `goruntulendi` is recorded at most
// once per 10 minutes per browser session (decisions §15). It says nothing about the person.
export const VIEW_COOKIE = "onam_goruntu";

const SIGNING_PAGE = /^\/s\/[A-Za-z0-9_-]{20,128}$/;

export function isSigningPage(pathname: string): boolean {
  return SIGNING_PAGE.test(pathname);
}

/** A session cookie (no Max-Age) scoped to the one signing link. */
export function viewCookie(pathname: string, id: string, secure: boolean): string {
  return `${VIEW_COOKIE}=${id}; Path=${pathname}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
