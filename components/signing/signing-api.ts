// Browser calls to the signing endpoints (POST /s/{token}/otp|verify|sign|decline). Only the
// machine-readable parts of a problem+json answer are kept: the UI shows its own messages.

export interface Failure {
  ok: false;
  /** HTTP status, 0 when the server could not be reached */
  status: number;
  code: string | null;
  reason: string | null;
  attemptsLeft: number | null;
  retryAfter: number | null;
}

export type Result<T> = { ok: true; data: T } | Failure;

export interface OtpSent {
  phone: string;
  expires_in: number;
  retry_after: number;
}
export interface Signed {
  /** `signed`: the informing physician's countersignature is awaited (decisions §19) */
  status: "completed" | "signed";
  signed_at: string;
}
/**
 * The signatures of a sign request: the person's drawn PNG or (decisions §23) their typed name,
 * exactly one; and the interpreter's (§17) and witness's (§19) drawings when named.
 */
export type Signatures = ({ signature: string; typed_name?: never } | { typed_name: string; signature?: never }) & {
  interpreter_signature?: string;
  witness_signature?: string;
  /** decisions §26: the codes of the clauses ticked */
  maddeler?: string[];
};
/** decisions §22: the option chosen first for a question, and the one chosen after its explanation (null: none). */
export interface Answer {
  first: number;
  second: number | null;
}
export interface Comprehension {
  asked: number;
  first_try_correct: number;
  flagged: boolean;
}
export interface Declined {
  status: "rejected";
  rejected_at: string;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

async function post<T>(url: string, body?: unknown): Promise<Result<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: null, reason: null, attemptsLeft: null, retryAfter: null };
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    // not JSON (a proxy error page, an empty body)
  }
  if (res.ok && json && typeof json === "object") return { ok: true, data: json as T };
  const p = (json && typeof json === "object" ? json : {}) as Record<string, unknown>;
  const header = Number(res.headers.get("Retry-After"));
  return {
    ok: false,
    status: res.status,
    code: str(p.code),
    reason: str(p.reason),
    attemptsLeft: num(p.attempts_left),
    retryAfter: num(p.retry_after) ?? (Number.isFinite(header) && header > 0 ? header : null),
  };
}

const base = (token: string) => `/s/${encodeURIComponent(token)}`;

/** Whether the person's copy is ready (GET /s/{token}/document/status). */
export async function documentReady(token: string): Promise<Result<{ ready: boolean }>> {
  try {
    const res = await fetch(`${base(token)}/document/status`, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } });
    const json = (await res.json().catch(() => null)) as { ready?: unknown } | null;
    if (res.ok && json && typeof json.ready === "boolean") return { ok: true, data: { ready: json.ready } };
    return { ok: false, status: res.status, code: null, reason: null, attemptsLeft: null, retryAfter: null };
  } catch {
    return { ok: false, status: 0, code: null, reason: null, attemptsLeft: null, retryAfter: null };
  }
}

export const requestOtp = (token: string) => post<OtpSent>(`${base(token)}/otp`);
export const verifyOtp = (token: string, code: string) => post<{ verified: true }>(`${base(token)}/verify`, { code });
export const signConsent = (token: string, signatures: Signatures) => post<Signed>(`${base(token)}/sign`, { ...signatures, read: true, understood: true });
export const declineConsent = (token: string, reason: string) =>
  post<Declined>(`${base(token)}/decline`, reason ? { reason } : {});
export const withdrawConsent = (token: string, reason: string) =>
  post<{ status: "withdrawn"; withdrawn_at: string }>(`${base(token)}/withdraw`, reason.trim() ? { reason: reason.trim() } : {});
export const submitComprehension = (token: string, answers: Answer[]) => post<Comprehension>(`${base(token)}/comprehension`, { answers });
