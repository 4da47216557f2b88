// Driving the signing endpoints (/s/{token}/…) as the patient's browser would, for API tests.
import QRCode from "qrcode";
import { expect } from "vitest";
import { run } from "./client";
import { outbox, type Consent } from "./consent-helpers";
import { pngOf } from "@/lib/documents/test-support";

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
): Promise<SignerReply<T>> {
  const headers: Record<string, string> = { "User-Agent": "Mozilla/5.0 (Linux; Android 10) test-phone" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (cookie) headers.Cookie = cookie;
  const res = await fetch(`${baseUrl}/s/${token}/${step}`, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

/** The code of the newest OTP SMS sent for the consent. */
export function lastOtp(consentId: string, dataDir = run.dataDir): string {
  const line = outbox(dataDir).filter((l) => l.kind === "otp" && l.consent_id === consentId).at(-1);
  const code = line ? /\b(\d{6})\b/.exec(line.body)?.[1] : undefined;
  if (!code) throw new Error(`no OTP in the outbox for ${consentId}`);
  return code;
}

/** Requests and verifies a code; returns the session cookie. */
export async function verifiedSession(token: string, consentId: string): Promise<string> {
  expect((await signer(token, "otp")).status).toBe(200);
  const res = await signer(token, "verify", { code: lastOtp(consentId) });
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  expect(cookie).toMatch(/^onam_oturum=/);
  return cookie!;
}

/** A PNG as a data URL, the way the page submits a drawn signature. */
export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

/** A PNG big enough to be a drawn signature. */
export async function signaturePng(): Promise<string> {
  return pngDataUrl(await QRCode.toBuffer("Ayşe Yılmaz imza", { width: 300, margin: 1 }));
}

/** An empty 300×100 canvas, as a browser would export it. */
export const blankSignature = () => pngDataUrl(pngOf(300, 100, Buffer.alloc((300 * 4 + 1) * 100)));
