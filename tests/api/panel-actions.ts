// The panel over plain HTTP for API tests: sign in as the sign-in form does (next-auth's CSRF token,
// then the credentials callback, a TOTP code when asked), open pages, and call the panel's server
// actions as the browser does — a POST to a page that holds the action, with its id from the build's
// server-reference manifest (`Next-Action`) and its arguments as JSON. The session cookie is kept and
// replaced when an answer sets it again (a renewed session).
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { ROOT } from "./server";
import { run } from "./client";

interface ManifestEntry {
  workers: Record<string, unknown>;
  filename: string;
  exportedName: string;
}

let manifest: Record<string, ManifestEntry> | null = null;

/** The action's id and a page that holds it (`app/(panel)/panel/team/page` → `/panel/team`). */
function actionOf(file: string, name: string): { id: string; page: string } {
  manifest ??= (JSON.parse(fs.readFileSync(path.join(ROOT, ".next", "server", "server-reference-manifest.json"), "utf8")) as { node: Record<string, ManifestEntry> }).node;
  const found = Object.entries(manifest).find(([, e]) => e.filename === file && e.exportedName === name);
  if (!found) throw new Error(`no server action ${file}#${name} in the build`);
  // A page of a dynamic route is reached with "x" for each parameter: the action runs before the page would.
  const pages = Object.keys(found[1].workers)
    .filter((w) => w.endsWith("/page"))
    .sort((a, b) => Number(a.includes("[")) - Number(b.includes("[")))
    .map((w) => w.replace(/^app/, "").replace(/\/\([^)]+\)/g, "").replace(/\[[^\]]+\]/g, "x").replace(/\/page$/, "") || "/");
  return { id: found[0], page: pages[0] ?? "/panel" };
}

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

export interface ActionReply<T = Record<string, unknown>> {
  status: number;
  /** the action's answer (an ActionResult), null when none came (a 403 page, a redirect) */
  result: ({ ok: true; data: T } | { ok: false; code: string; message: string; fieldErrors?: Record<string, string[]> }) | null;
}

export interface PanelClient {
  cookie: string;
  get(pathname: string): Promise<Response>;
  /** Calls `file`'s exported server action `name` with `args`, through `page` (else one that holds it). */
  action<T = Record<string, unknown>>(file: string, name: string, args: unknown[], page?: string): Promise<ActionReply<T>>;
}

/** The status a page answers: 200, 403, or 307 to the sign-in page (no session). */
export async function pageStatus(client: PanelClient, pathname: string): Promise<number> {
  const res = await client.get(pathname);
  await res.arrayBuffer();
  return res.status === 307 || res.status === 303 ? (res.headers.get("location")?.includes("/panel/login") ? 401 : res.status) : res.status;
}

/** Signs in (expecting success); `code`: a TOTP code for a user with two-step sign-in. */
export async function signInPanel(email: string, password: string, code?: string, baseUrl = run.url): Promise<PanelClient> {
  const result = await trySignIn(email, password, code, baseUrl);
  expect(result.session, `sign-in of ${email}: ${result.error}`).toBeTruthy();
  return clientFor(result.session!, baseUrl);
}

/** One sign-in attempt: the session cookie, or next-auth's error. */
export async function trySignIn(email: string, password: string, code = "", baseUrl = run.url): Promise<{ session: string | null; error: string | null }> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ email, password, code, csrfToken, json: "true" }).toString(),
  });
  await res.arrayBuffer();
  const session = cookiesOf(res).find((c) => c.startsWith("next-auth.session-token=")) ?? null;
  const location = res.headers.get("location") ?? "";
  return { session, error: session ? null : (new URL(location, baseUrl).searchParams.get("error") ?? String(res.status)) };
}

export function clientFor(session: string, baseUrl = run.url): PanelClient {
  const client: PanelClient = {
    cookie: session,
    get: (pathname) => fetch(`${baseUrl}${pathname}`, { redirect: "manual", headers: { Cookie: client.cookie } }),
    async action(file, name, args, page) {
      const a = actionOf(file, name);
      const res = await fetch(`${baseUrl}${page ?? a.page}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: client.cookie, Origin: baseUrl, "Next-Action": a.id, Accept: "text/x-component", "Content-Type": "text/plain;charset=UTF-8" },
        body: JSON.stringify(args),
      });
      const renewed = cookiesOf(res).find((c) => c.startsWith("next-auth.session-token="));
      if (renewed) client.cookie = renewed;
      const rows = flightRows(Buffer.from(await res.arrayBuffer()));
      // Row 0 points at the action's value, row 1 holds it (long strings in rows of their own).
      const result = rows.has(1) ? (resolve(rows.get(1), rows) as ActionReply["result"]) : null;
      return { status: res.status, result } as ActionReply<never>;
    },
  };
  return client;
}

/** React's flight rows: `<hex id>:<json>\n`, or `<hex id>:T<hex byte length>,<text>` for a long string. */
function flightRows(bytes: Buffer): Map<number, unknown> {
  const rows = new Map<number, unknown>();
  let at = 0;
  while (at < bytes.length) {
    const colon = bytes.indexOf(0x3a, at);
    if (colon < 0) break;
    const id = parseInt(bytes.subarray(at, colon).toString("latin1"), 16);
    if (bytes[colon + 1] === 0x54) {
      const comma = bytes.indexOf(0x2c, colon);
      const length = parseInt(bytes.subarray(colon + 2, comma).toString("latin1"), 16);
      rows.set(id, bytes.subarray(comma + 1, comma + 1 + length).toString("utf8"));
      at = comma + 1 + length;
      continue;
    }
    const end = bytes.indexOf(0x0a, colon);
    const line = bytes.subarray(colon + 1, end < 0 ? bytes.length : end).toString("utf8");
    try {
      rows.set(id, JSON.parse(line));
    } catch {
      rows.set(id, line);
    }
    at = end < 0 ? bytes.length : end + 1;
  }
  return rows;
}

/** A row's value with its `$<hex id>` references to other rows filled in (`$$` is a literal `$`). */
function resolve(value: unknown, rows: Map<number, unknown>): unknown {
  if (typeof value === "string") {
    if (value.startsWith("$$")) return value.slice(1);
    const ref = /^\$@?([0-9a-f]+)$/.exec(value);
    return ref ? resolve(rows.get(parseInt(ref[1]!, 16)), rows) : value;
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, rows));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, rows)]));
  return value;
}
