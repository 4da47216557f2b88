// One call to a Cloud Signature Consortium API v2 service (issue #48 part 3): JSON POST with the
// service's bearer token, a bounded time and a bounded answer, and the service's errors turned into
// the service's own (decisions §2): what the physician got wrong (a PIN, an OTP, a credential) is a
// 422 naming that field; anything else — unreachable, slow, refusing our client, answering nonsense — is
// a 503, never a 500. The CSC error text is passed on (it is the provider's, about the request, not
// about a person), cut short.
import { AppError } from "@/lib/errors";
import type { CscSettings } from "@/lib/remote-signing/csc-settings";

const MAX_ANSWER = 1024 * 1024;

/** Which field a 4xx of this call names. */
export type CscField = "credential_id" | "pin" | "otp" | null;

interface Token {
  value: string;
  until: number;
}
const tokens = new Map<string, Token>();

async function boundedText(res: Response): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_ANSWER) throw unavailable("yanıtı çok büyük");
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_ANSWER) {
      await reader.cancel();
      throw unavailable("yanıtı çok büyük");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function unavailable(why: string): AppError {
  return new AppError("service_unavailable", `Uzaktan imza hizmeti: ${why}.`);
}

const short = (s: unknown) => (typeof s === "string" ? s.replace(/[\r\n]+/g, " ").slice(0, 200) : "");

async function post(s: CscSettings, url: string, init: { body: string; contentType: string; bearer?: string }): Promise<{ status: number; json: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": init.contentType, accept: "application/json", ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}) },
      body: init.body,
      redirect: "error",
      signal: AbortSignal.timeout(s.timeoutMs),
    });
  } catch (err) {
    const name = (err as Error).name;
    throw unavailable(name === "TimeoutError" || name === "AbortError" ? `${s.timeoutMs / 1000} saniyede yanıt vermedi` : "ulaşılamadı");
  }
  let text: string;
  try {
    text = await boundedText(res);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unavailable(`${s.timeoutMs / 1000} saniyede yanıt vermedi`);
  }
  let json: unknown = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = null;
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) {
    if (res.ok) throw unavailable("JSON olmayan bir yanıt verdi");
    json = {};
  }
  return { status: res.status, json: json as Record<string, unknown> };
}

async function accessToken(s: CscSettings, fresh: boolean): Promise<string> {
  if (s.accessToken) return s.accessToken;
  const key = `${s.tokenUrl} ${s.clientId}`;
  const cached = tokens.get(key);
  if (!fresh && cached && cached.until > Date.now()) return cached.value;
  const body = new URLSearchParams({ grant_type: "client_credentials", client_id: s.clientId ?? "", client_secret: s.clientSecret ?? "" }).toString();
  const { status, json } = await post(s, s.tokenUrl, { body, contentType: "application/x-www-form-urlencoded" });
  if (status !== 200 || typeof json.access_token !== "string") throw unavailable(`istemci kimliğini kabul etmedi (${status}${json.error ? ` ${short(json.error)}` : ""})`);
  const expiresIn = typeof json.expires_in === "number" ? json.expires_in : 300;
  tokens.set(key, { value: json.access_token, until: Date.now() + Math.max(0, expiresIn - 30) * 1000 });
  return json.access_token;
}

/** POST {base}/<method> with a JSON body; the answer's JSON on 200, else the mapped error. */
export async function cscCall(s: CscSettings, method: string, body: Record<string, unknown>, field: CscField): Promise<Record<string, unknown>> {
  const url = `${s.baseUrl}/${method}`;
  let answer = await post(s, url, { body: JSON.stringify(body), contentType: "application/json", bearer: await accessToken(s, false) });
  // A token the service forgot (restarted, revoked early): one more try with a new one.
  if (answer.status === 401 && !s.accessToken) answer = await post(s, url, { body: JSON.stringify(body), contentType: "application/json", bearer: await accessToken(s, true) });
  const { status, json } = answer;
  if (status === 200) return json;
  const description = short(json.error_description) || short(json.error) || `HTTP ${status}`;
  if (status === 400 && field) {
    // CSC's invalid_otp / an OTP named in the description, else the field this call is about.
    const named: Exclude<CscField, null> = json.error === "invalid_otp" || /\botp\b/i.test(description) ? "otp" : json.error === "invalid_pin" || /\bpin\b/i.test(description) ? "pin" : field;
    throw new AppError("validation_failed", `Uzaktan imza hizmeti reddetti: ${description}`, { [named]: [description] });
  }
  throw unavailable(`${method} ${status} (${description})`);
}

/** Tests: forget the cached access tokens. */
export function forgetCscTokens(): void {
  tokens.clear();
}
