// One consent created and signed through the real endpoints, as the patient's phone would: the code
// from the file SMS driver's outbox, then the drawn signature. Shared by the bench's measurements.
import fs from "node:fs";
import path from "node:path";
import QRCode from "qrcode";

let png: string | undefined;

/** The JSON headers of an API call with this key (Basic auth). */
export function apiHeaders(key: { id: string; secret: string }): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${key.id}:${key.secret}`).toString("base64")}`, "Content-Type": "application/json" };
}

/** The consent the bench creates: the demo template, no SMS; prepareConsent gives each its own phone. */
export const CONSENT_BODY = JSON.stringify({ sablon_kod: "genel-tibbi-mudahale", adsoyad: "Ayşe Yılmaz", telefon: "0532 123 45 67", tc: "10000000146", sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } });
let phones = 0;

export interface SignedConsent {
  id: string;
  /** ms from the sign request to the consent reading `completed` with its document */
  ms: number;
  sha256: string;
}

/** A consent created and confirmed by its code, as the patient's phone holds it just before signing. */
export interface ReadyToSign {
  id: string;
  token: string;
  cookie: string;
}

/**
 * Creates a consent, asks for its code and enters it. Each consent gets a phone number of its own:
 * one number receives at most 10 codes an hour.
 */
export async function prepareConsent(url: string, auth: Record<string, string>, body: string, dataDir: string): Promise<ReadyToSign> {
  const telefon = `0532 ${String(1_000_000 + (phones++ % 8_999_999)).replace(/^(\d{3})(\d{2})(\d{2})$/, "$1 $2 $3")}`;
  const created = await fetch(`${url}/v1/consents`, { method: "POST", headers: auth, body: JSON.stringify({ ...(JSON.parse(body) as object), telefon }) });
  const c = (await created.json()) as { id: string; link: { url: string } };
  const token = c.link.url.split("/s/")[1]!;
  await (await fetch(`${url}/s/${token}/otp`, { method: "POST" })).text();
  const code = await outboxCode(dataDir, c.id);
  const v = await fetch(`${url}/s/${token}/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }) });
  return { id: c.id, token, cookie: v.headers.get("set-cookie")!.split(";")[0]! };
}

/**
 * The code of the consent's OTP message in the file SMS driver's outbox. Consents prepared side by
 * side append to the file meanwhile: a line still being written is skipped and the file read again.
 */
async function outboxCode(dataDir: string, consentId: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const l of fs.readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").split("\n").reverse()) {
      let line: { kind?: string; consent_id?: string; body?: string };
      try {
        line = JSON.parse(l) as typeof line;
      } catch {
        continue;
      }
      const code = line.kind === "otp" && line.consent_id === consentId ? /\b(\d{6})\b/.exec(line.body ?? "")?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code in the outbox for ${consentId}`);
}

/** The patient's approval with the drawn signature; resolves when it was answered, with the moment it was sent. */
export async function sign(url: string, ready: ReadyToSign): Promise<{ id: string; sentAt: number }> {
  png ??= (await QRCode.toBuffer("Ayşe Yılmaz imza", { width: 300, margin: 1 })).toString("base64");
  const sentAt = performance.now();
  const s = await fetch(`${url}/s/${ready.token}/sign`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: ready.cookie },
    body: JSON.stringify({ signature: `data:image/png;base64,${png}`, read: true, understood: true }),
  });
  if (s.status !== 200) throw new Error(`sign answered ${s.status}: ${await s.text()}`);
  await s.text();
  return { id: ready.id, sentAt };
}

export async function createAndSign(url: string, auth: Record<string, string>, body: string, dataDir: string): Promise<SignedConsent> {
  const { id, sentAt } = await sign(url, await prepareConsent(url, auth, body, dataDir));
  for (;;) {
    const got = (await (await fetch(`${url}/v1/consents/${id}`, { headers: auth })).json()) as { status: string; document: { sha256: string } | null };
    if (got.status === "completed" && got.document) return { id, ms: performance.now() - sentAt, sha256: got.document.sha256 };
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * decisions §19: a consent needing the physician's countersignature, signed by the person, then
 * countersigned through the API; ms from the countersign request to the consent reading `completed`
 * with its document (document, seal and local timestamp: the server's time).
 */
export async function countersignToCompleted(url: string, auth: Record<string, string>, body: string, dataDir: string): Promise<SignedConsent> {
  const ready = await prepareConsent(url, auth, JSON.stringify({ ...(JSON.parse(body) as object), hekim_imzasi: true }), dataDir);
  await sign(url, ready);
  // An hour ago, in the service's zone (Europe/Istanbul, UTC+3).
  const informed = new Date(Date.now() - 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
  const sentAt = performance.now();
  const res = await fetch(`${url}/v1/consents/${ready.id}/countersign`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ hekim_ad: "Dr. Şule Işık", hekim_tescil_no: "123456", bilgilendirme_zamani: informed, imza: `data:image/png;base64,${png!}` }),
  });
  if (res.status !== 200) throw new Error(`countersign answered ${res.status}: ${await res.text()}`);
  await res.text();
  for (;;) {
    const got = (await (await fetch(`${url}/v1/consents/${ready.id}`, { headers: auth })).json()) as { status: string; document: { sha256: string } | null };
    if (got.status === "completed" && got.document) return { id: ready.id, ms: performance.now() - sentAt, sha256: got.document.sha256 };
    await new Promise((r) => setTimeout(r, 5));
  }
}
