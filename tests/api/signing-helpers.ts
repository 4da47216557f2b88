// Driving the signing endpoints (/s/{token}/…) as the patient's browser would, for API tests.
import QRCode from "qrcode";
import { expect } from "vitest";
import { DOCUMENT_WAIT_MS, eventually, run } from "./client";
import { outbox, type Consent } from "./consent-helpers";
import { pngOf } from "@/tests/fixtures/png";

export interface SignerReply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export function tokenOf(c: Consent): string {
  return c.link.url.split("/s/")[1]!;
}

export async function signer<T = Record<string, unknown>>(
  token: string,
  step: "otp" | "verify" | "sign" | "decline" | "withdraw" | "comprehension" | "listened",
  body?: unknown,
  cookie?: string,
  baseUrl = run.url,
  { waitForDocument = true }: { waitForDocument?: boolean } = {},
): Promise<SignerReply<T>> {
  const headers: Record<string, string> = { "User-Agent": "Mozilla/5.0 (Linux; Android 10) test-phone" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (cookie) headers.Cookie = cookie;
  const res = await fetch(`${baseUrl}/s/${token}/${step}`, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const reply = { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
  // The signature answers before its document exists (issue #46: the completion runs off the
  // request). A consent read waits for it only 5 s, and under CI's load a first document can take
  // longer, so the helper waits as the signing page does; a test about the answer itself passes
  // { waitForDocument: false }.
  if (waitForDocument && step === "sign" && res.status === 200 && (reply.body as { status?: string } | null)?.status === "completed" && cookie) {
    await documentReady(token, cookie, baseUrl);
  }
  return reply;
}

/** Waits until the signed consent's document is stored (GET /s/{token}/document/status, as the signing page asks). */
export async function documentReady(token: string, cookie: string, baseUrl = run.url, timeoutMs = DOCUMENT_WAIT_MS): Promise<void> {
  await eventually(async () => {
    const res = await fetch(`${baseUrl}/s/${token}/document/status`, { headers: { Cookie: cookie, Accept: "application/json" } });
    return res.status === 200 && ((await res.json()) as { ready: boolean }).ready;
  }, timeoutMs);
}

/** The code of the newest OTP SMS sent for the consent. */
export function lastOtp(consentId: string, dataDir = run.dataDir): string {
  const line = outbox(dataDir).filter((l) => l.kind === "otp" && l.consent_id === consentId).at(-1);
  const code = line ? /\b(\d{6})\b/.exec(line.body)?.[1] : undefined;
  if (!code) throw new Error(`no OTP in the outbox for ${consentId}`);
  return code;
}

/** A server to drive: its address and the data directory whose SMS outbox it writes (the shared run's, or a test's own). */
export interface SigningServer {
  url: string;
  dataDir: string;
}

/** Requests and verifies a code on the server (the shared run's unless told); returns the session cookie. */
export async function verifiedSession(token: string, consentId: string, server: SigningServer = run): Promise<string> {
  expect((await signer(token, "otp", undefined, undefined, server.url)).status).toBe(200);
  const res = await signer(token, "verify", { code: lastOtp(consentId, server.dataDir) }, undefined, server.url);
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  expect(cookie).toMatch(/^onam_oturum=/);
  return cookie!;
}

/** A PNG as a data URL, the way the page submits a drawn signature. */
export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

/** A PNG big enough to be a drawn signature. */
export async function signaturePng(text = "Ayşe Yılmaz imza"): Promise<string> {
  return pngDataUrl(await QRCode.toBuffer(text, { width: 300, margin: 1 }));
}

/** An empty 300×100 canvas, as a browser would export it. */
export const blankSignature = () => pngDataUrl(pngOf(300, 100, Buffer.alloc((300 * 4 + 1) * 100)));
