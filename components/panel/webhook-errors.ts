// Why a webhook attempt failed, in the panel's language (issue #51: the history and the test showed
// the delivery's stored reason in raw English, e.g. "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9").
// The stored reason (lib/webhooks/post-webhook.ts, record-attempts.ts) stays as it is — the API's
// deliveries serve it; the panel words what it recognises and keeps the rest after a plain sentence.
import type { Lang } from "@/components/panel/messages";

type Words = Record<Lang, string>;

const RULES: [RegExp, (m: RegExpExecArray) => Words][] = [
  [/^HTTP (\d{3})$/, (m) => ({ tr: `Alıcı HTTP ${m[1]} yanıtı verdi.`, en: `The receiver answered HTTP ${m[1]}.` })],
  [/^timeout after ([\d.]+) s$/, (m) => ({ tr: `Alıcı ${m[1]} saniye içinde yanıt vermedi.`, en: `The receiver did not answer within ${m[1]} seconds.` })],
  [/^redirect not followed$/, () => ({ tr: "Alıcı başka bir adrese yönlendirdi; yönlendirmeler izlenmez.", en: "The receiver redirected elsewhere; redirects are not followed." })],
  [/^invalid URL$/, () => ({ tr: "Webhook adresi geçerli bir URL değil.", en: "The webhook address is not a valid URL." })],
  [/^no webhook endpoint is set$/, () => ({ tr: "Kayıtlı bir webhook adresi yok.", en: "No webhook address is set." })],
  [/^refused: only https:\/\/ targets are allowed$/, () => ({ tr: "Gönderilmedi: webhook adresi https:// ile başlamalı.", en: "Not sent: the webhook address must start with https://." })],
  [/^refused: (\S+) (?:is|resolves to) a private or reserved address$/, (m) => ({ tr: `Gönderilmedi: ${m[1]} yerel, özel ya da ayrılmış bir adres.`, en: `Not sent: ${m[1]} is a local, private or reserved address.` })],
  [/^no address for (\S+)$/, (m) => ({ tr: `Sunucu adı çözümlenemedi: ${m[1]}.`, en: `The host name could not be resolved: ${m[1]}.` })],
  [/^(?:ENOTFOUND|EAI_AGAIN)\b/, () => ({ tr: "Sunucu adı çözümlenemedi.", en: "The host name could not be resolved." })],
  [/^ECONNREFUSED\b/, () => ({ tr: "Alıcı bağlantıyı reddetti (adreste dinleyen bir sunucu yok).", en: "The receiver refused the connection (no server listens at the address)." })],
  [/^(?:ECONNRESET|EPIPE|socket hang up)\b/, () => ({ tr: "Alıcı bağlantıyı yanıt vermeden kapattı.", en: "The receiver closed the connection without an answer." })],
  [/^(?:ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\b/, () => ({ tr: "Alıcıya ulaşılamadı.", en: "The receiver could not be reached." })],
  [/^(?:CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED|SELF_SIGNED_CERT|ERR_TLS_CERT)/, () => ({ tr: "Alıcının TLS sertifikası doğrulanamadı.", en: "The receiver's TLS certificate could not be verified." })],
];

/** The stored reason of a failed attempt, as a sentence in `lang`; an unknown one after "Bağlantı hatası". */
export function deliveryErrorText(error: string | null, lang: Lang): string {
  const e = (error ?? "").trim();
  if (!e) return lang === "tr" ? "Teslim edilemedi." : "Not delivered.";
  for (const [re, words] of RULES) {
    const m = re.exec(e);
    if (m) return words(m)[lang];
  }
  return lang === "tr" ? `Bağlantı hatası (${e}).` : `Connection error (${e}).`;
}

/** An action's refusal as one text: its message and its field errors, each said once. */
export function refusalText(message: string, fieldErrors: Record<string, string[]> | undefined, asSentence: (s: string) => string): string {
  return [...new Set([message, ...Object.values(fieldErrors ?? {}).flat()].map(asSentence))].join(" ");
}
