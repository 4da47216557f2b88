// The panel's side of the physician's qualified countersignature (issue #48, decisions §24): pure
// functions over fetch, for the browser. They find the e-onam-imza agent on 127.0.0.1, pair with it
// once (the physician types the code it printed), list the card's certificates, and run the two steps —
// countersign/prepare, the card's signature over `signed_attributes`, countersign — with the prepare
// and finish calls passed in (the page's server actions or the API), so this file holds no panel state
// and no secrets beyond the pairing token the agent gave this browser.

import type { CardCertificate, CardSignature } from "@/lib/imza-agent/card";

export const AGENT_PORT = 17345;
export const AGENT_URL = `http://127.0.0.1:${AGENT_PORT}`;
/** where the pairing token is kept in the browser (localStorage), per agent address */
export const TOKEN_KEY = "e-onam-imza-token";

export interface AgentConnection {
  baseUrl: string;
  token: string;
}

/** The agent's wire shapes (a certificate on the card, a signature it made): the agent's own types, type-only (nothing of it reaches the browser). */
export type AgentCertificate = CardCertificate;
export type QualifiedSignature = CardSignature;

/** countersign/prepare's answer (decisions §24). */
export interface PrepareAnswer {
  prepare_id: string;
  signed_attributes: string;
  to_be_signed_sha256: string;
  expires_at: string;
}

/** A refusal of the agent (its `code`: unpaired, pin_incorrect, declined, …) or of this module. */
export class AgentError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null = null,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

interface Options {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

async function call<T>(url: string, init: RequestInit & { token?: string }, o: Options = {}): Promise<T> {
  const f = o.fetch ?? fetch;
  let res: Response;
  try {
    res = await f(url, {
      method: init.method ?? "GET",
      mode: "cors",
      credentials: "omit",
      cache: "no-store",
      headers: { ...(init.body ? { "content-type": "application/json" } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body,
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
  } catch {
    throw new AgentError("agent_unreachable", "İmza aracına ulaşılamadı: bu bilgisayarda e-onam-imza çalışıyor mu?");
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new AgentError(typeof body.code === "string" ? body.code : "agent_error", typeof body.detail === "string" ? body.detail : `İmza aracı ${res.status} yanıtı verdi.`, res.status, (body.errors as Record<string, string[]>) ?? {});
  return body as T;
}

/** The agent at `baseUrl` (default 127.0.0.1:17345), or null when none answers there. */
export async function findAgent(o: Options & { baseUrl?: string; token?: string } = {}): Promise<{ baseUrl: string; version: string; paired: boolean } | null> {
  const baseUrl = o.baseUrl ?? AGENT_URL;
  try {
    const s = await call<{ agent?: string; version?: string; paired?: boolean }>(`${baseUrl}/status`, { token: o.token }, { ...o, timeoutMs: o.timeoutMs ?? 2000 });
    return s.agent === "e-onam-imza" ? { baseUrl, version: String(s.version), paired: s.paired === true } : null;
  } catch {
    return null;
  }
}

/** Pairs with the code the agent printed; the answer is what every later call needs. */
export async function pairAgent(baseUrl: string, code: string, o: Options = {}): Promise<AgentConnection> {
  const { token } = await call<{ token: string }>(`${baseUrl}/pair`, { method: "POST", body: JSON.stringify({ code: code.trim() }) }, o);
  return { baseUrl, token };
}

export function listAgentCertificates(conn: AgentConnection, o: Options = {}): Promise<AgentCertificate[]> {
  return call<{ certificates: AgentCertificate[] }>(`${conn.baseUrl}/certificates`, { token: conn.token }, o).then((r) => r.certificates);
}

export interface AgentSignRequest {
  certificateId: string;
  /** base64 DER, as countersign/prepare answered it */
  signedAttributes: string;
  consentId: string;
  /** the person's initials only (initialsOf) */
  initials: string;
  /** hex SHA-256 of the consent's document, shown to the physician beside what is signed */
  documentSha256: string;
}

/** The card's signature; waits while the physician reads the agent's window and types the PIN. */
export function signWithAgent(conn: AgentConnection, r: AgentSignRequest, o: Options = {}): Promise<QualifiedSignature> {
  const body = JSON.stringify({ certificate_id: r.certificateId, signed_attributes: r.signedAttributes, consent_id: r.consentId, initials: r.initials, document_sha256: r.documentSha256 });
  return call<QualifiedSignature>(`${conn.baseUrl}/sign`, { method: "POST", token: conn.token, body }, { ...o, timeoutMs: o.timeoutMs ?? 180_000 });
}

/** The certificates a physician should choose from: valid now, qualified (nonRepudiation) ones first. */
export function signingCandidates(certs: AgentCertificate[], now: Date = new Date()): AgentCertificate[] {
  return certs
    .filter((c) => new Date(c.not_before) <= now && now < new Date(c.not_after))
    .sort((a, b) => Number(b.non_repudiation) - Number(a.non_repudiation) || b.not_after.localeCompare(a.not_after));
}

/** "Ayşe Nur Yılmaz" → "A. N. Y.": what the agent shows of the person, and no more. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((w) => `${w[0]!.toLocaleUpperCase("tr-TR")}.`)
    .join(" ");
}

/** countersign/prepare's certificate fields from a card's certificate. */
export function prepareFields(cert: Pick<AgentCertificate, "certificate" | "chain">): { sertifika: string; zincir: string[] } {
  return { sertifika: cert.certificate, zincir: cert.chain };
}

async function sha256Hex(b64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (x) => x.toString(16).padStart(2, "0")).join("");
}

export interface CountersignWithAgentInput<T> {
  conn: AgentConnection;
  certificate: AgentCertificate;
  consentId: string;
  initials: string;
  documentSha256: string;
  /** POST /v1/consents/{id}/countersign/prepare (or the page's action) with these certificate fields */
  prepare: (fields: { sertifika: string; zincir: string[] }) => Promise<PrepareAnswer>;
  /** POST /v1/consents/{id}/countersign with `{ prepare_id, imza_degeri }` */
  finish: (body: { prepare_id: string; imza_degeri: string }) => Promise<T>;
  options?: Options;
}

/** The two steps with the card between them; the service's answer to the second is returned. */
export async function countersignWithAgent<T>(i: CountersignWithAgentInput<T>): Promise<T> {
  const prepared = await i.prepare(prepareFields(i.certificate));
  // What the card will sign is what the service said it would be.
  if ((await sha256Hex(prepared.signed_attributes)) !== prepared.to_be_signed_sha256.toLowerCase()) {
    throw new AgentError("prepare_mismatch", "Hizmetin verdiği imzalanacak veri, özetiyle uyuşmuyor; imzalanmadı.");
  }
  const signed = await signWithAgent(i.conn, { certificateId: i.certificate.id, signedAttributes: prepared.signed_attributes, consentId: i.consentId, initials: i.initials, documentSha256: i.documentSha256 }, i.options);
  return i.finish({ prepare_id: prepared.prepare_id, imza_degeri: signed.signature });
}

/** The pairing token this browser holds for an agent address, if any. */
export function savedConnection(storage: Pick<Storage, "getItem">, baseUrl: string = AGENT_URL): AgentConnection | null {
  const token = storage.getItem(`${TOKEN_KEY}:${baseUrl}`);
  return token ? { baseUrl, token } : null;
}

export function saveConnection(storage: Pick<Storage, "setItem">, conn: AgentConnection): void {
  storage.setItem(`${TOKEN_KEY}:${conn.baseUrl}`, conn.token);
}
