// The `netgsm` SMS driver: one message per request to Netgsm's REST v2 send endpoint.
//
// Protocol followed: Netgsm "Send REST SMS" — POST {baseUrl}/sms/rest/v2/send, as Netgsm documents it in
// its own OpenAPI description and official SDKs (github.com/netgsm/netgsm-sms-js: openapi.json
// "NETGSM SMS API" and src/enums.ts `SendSmsErrorCode`, npm @netgsm/sms 1.1.x; github.com/netgsm/
// netgsm-sms-python: netgsm/sms/sms_service.py), which point to https://www.netgsm.com.tr/dokuman/:
//   - HTTP Basic auth with usercode:password; Content-Type: application/json
//   - body { msgheader (≤ 11 chars), messages: [{ msg, no }], encoding?: "TR", iysfilter?: "0" | "11" | "12" }
//   - `no` is the 10-digit national number without the leading 0 or country code (pattern ^[0-9]{10}$)
//   - reply JSON { code, description, jobid }: "00" with the jobid on success; errors as HTTP 406 with
//     code 20, 30, 40, 50, 51, 70, 80, 85 (send-specific) or 100/101 (system error).
import { SmsSendError, type SmsDriver, type SmsMessage, type SmsResult } from "@/lib/sms/sms-driver";

interface NetgsmDriverOptions {
  baseUrl: string;
  usercode: string;
  password: string;
  /** the approved sender name (msgheader) for messages that name none of their own */
  header: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const NETGSM_SEND_PATH = "/sms/rest/v2/send";

/** Netgsm's documented /sms/rest/v2/send codes. Only limits and system faults pass with time. */
const CODES: Record<string, { text: string; retryable: boolean }> = {
  "20": { text: "mesaj metninde sorun var veya azami karakter sayısı aşıldı", retryable: false },
  "30": { text: "geçersiz kullanıcı adı/şifre veya API erişim izni yok", retryable: false },
  "40": { text: "mesaj başlığı (gönderici adı) sistemde tanımlı değil", retryable: false },
  "50": { text: "abone hesabıyla İYS kontrollü gönderim yapılamıyor", retryable: false },
  "51": { text: "aboneliğe ait İYS marka bilgisi bulunamadı", retryable: false },
  "70": { text: "hatalı sorgu: parametrelerden biri hatalı veya zorunlu alan eksik", retryable: false },
  "80": { text: "gönderim sınırı aşıldı", retryable: true },
  "85": { text: "mükerrer gönderim sınırı aşıldı (aynı numaraya 1 dakikada en fazla 20 görev)", retryable: true },
  "100": { text: "sistem hatası", retryable: true },
  "101": { text: "sistem hatası", retryable: true },
};

/** The error for a Netgsm reply code; the code itself is safe to show, the provider's free text is not kept. */
function netgsmCodeError(code: string): SmsSendError {
  const known = CODES[code];
  if (known) return new SmsSendError(`netgsm: ${code} (${known.text})`, known.retryable);
  const shown = /^[0-9A-Za-z]{1,8}$/.test(code) ? code : "?";
  return new SmsSendError(`netgsm: ${shown} (bilinmeyen yanıt kodu)`, false);
}

/** +905321234567 → 5321234567, the form Netgsm's `no` field documents. */
export function toNetgsmNumber(e164: string): string {
  const national = /^\+90([1-9][0-9]{9})$/.exec(e164)?.[1];
  // The documented `no` pattern has room for Turkish numbers only; say so rather than guess a format.
  if (!national) throw new SmsSendError("netgsm: yalnızca +90 ile başlayan Türkiye numaralarına gönderilebilir", false);
  return national;
}

// Netgsm's SDK: ask for "TR" only when the text needs it; Turkish encoding shortens every SMS part.
function needsTurkishEncoding(text: string): boolean {
  for (const ch of text) if ((ch.codePointAt(0) ?? 0) > 0x7f) return true;
  return false;
}

function netgsmPayload(msg: SmsMessage, header: string) {
  return {
    msgheader: header,
    messages: [{ msg: msg.body, no: toNetgsmNumber(msg.to) }],
    ...(needsTurkishEncoding(msg.body) ? { encoding: "TR" } : {}),
    // Signing links and one-time codes are informational, not commercial: no İYS consent check applies.
    iysfilter: "0",
  };
}

function transportError(err: unknown): SmsSendError {
  const name = err instanceof Error ? err.name : "";
  if (name === "TimeoutError" || name === "AbortError") return new SmsSendError("netgsm: timeout", true);
  const cause = err instanceof Error ? (err.cause as NodeJS.ErrnoException | undefined) : undefined;
  const code = typeof cause?.code === "string" && /^[A-Z_]{1,32}$/.test(cause.code) ? ` (${cause.code})` : "";
  return new SmsSendError(`netgsm: ağ hatası${code}`, true);
}

function parseReply(text: string): { code: string; jobid: string | null } | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== "object" || json === null) return null;
  const { code, jobid } = json as { code?: unknown; jobid?: unknown };
  if (typeof code !== "string") return null;
  return { code, jobid: typeof jobid === "string" || typeof jobid === "number" ? String(jobid) : null };
}

function interpret(status: number, text: string): SmsResult {
  if (status >= 500 || status === 408 || status === 429) throw new SmsSendError(`netgsm: HTTP ${status}`, true);
  const reply = parseReply(text);
  if (reply && reply.code !== "00") throw netgsmCodeError(reply.code);
  if (reply && status >= 200 && status < 300) return { providerRef: reply.jobid };
  // Redirects and unreadable answers included: Netgsm may already have queued the message, and a
  // retry would send it twice, so these are left for a person to look at.
  throw new SmsSendError(reply ? `netgsm: HTTP ${status}` : `netgsm: beklenmeyen yanıt (HTTP ${status})`, false);
}

export function createNetgsmDriver(opts: NetgsmDriverOptions): SmsDriver {
  const url = opts.baseUrl.replace(/\/+$/, "") + NETGSM_SEND_PATH;
  const authorization = "Basic " + Buffer.from(`${opts.usercode}:${opts.password}`, "utf8").toString("base64");
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const fetchImpl = opts.fetchImpl ?? fetch;

  return {
    name: "netgsm",
    async send(msg) {
      const body = JSON.stringify(netgsmPayload(msg, msg.header || opts.header));
      let status: number;
      let text: string;
      try {
        const res = await fetchImpl(url, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/json" },
          body,
          // Credentials ride on every request: never let a redirect carry them elsewhere.
          redirect: "manual",
          // Covers the body as well as the headers: a reply that trickles in is still a timeout.
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        text = await res.text();
      } catch (err) {
        throw transportError(err);
      }
      return interpret(status, text);
    },
  };
}
