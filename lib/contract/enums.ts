// The closed word lists of the API contract, declared once here so that the contract (response shapes,
// endpoint table) stands on no domain: the domains import these from the contract, never the reverse.

/** Consent statuses (decisions §5); lib/consents/consent-status.ts has their meaning and display text. */
export const CONSENT_STATUSES = ["sent", "completed", "rejected", "expired", "cancelled", "withdrawn", "signed", "superseded"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** Each status as people read it: the API's `status_text` and the documents' "Durum". */
export const STATUS_TEXT: Record<ConsentStatus, string> = {
  sent: "Gönderildi",
  completed: "Tamamlandı",
  rejected: "Reddedildi",
  expired: "Süresi doldu",
  cancelled: "İptal edildi",
  withdrawn: "Geri alındı",
  signed: "Hekim onayı bekleniyor",
  superseded: "Yenilendi",
};

/** Who approves a consent (spec "Create consent", `onaylayan_tipi`). */
export const APPROVER_TYPES = ["hasta", "veli", "vasi", "sahip"] as const;

/** How the informing physician countersigns (decisions §24): drawn (§19) or a qualified electronic signature. */
export const PHYSICIAN_SIGNATURE_TYPES = ["cizim", "nitelikli"] as const;

/** A template variable's type (spec "Template detail"). */
export const VARIABLE_TYPES = ["metin", "sayi", "tarih"] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** A template's kind. */
export const TEMPLATE_TYPES = ["onam", "aydinlatma"] as const;

/** An API key's scopes (lib/api-keys/scopes.ts parses them). */
export const SCOPES = ["onam:yaz", "onam:oku", "sablon:oku", "sablon:yaz"] as const;
export type Scope = (typeof SCOPES)[number];

/** A text recording's media type (decisions §22; lib/audio/sniff-audio.ts tells it from the bytes). */
export const AUDIO_TYPES = ["audio/mpeg", "audio/ogg"] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];

export function isAudioType(v: string): v is AudioType {
  return (AUDIO_TYPES as readonly string[]).includes(v);
}

/** The webhook events a tenant can subscribe to (decisions §10). */
export const WEBHOOK_EVENTS = [
  "consent.completed",
  "consent.rejected",
  "consent.expired",
  "consent.cancelled",
  "consent.withdrawn",
  // decisions §19: the person signed and the physician's countersignature is awaited
  "consent.signed",
  // decisions §22: a material change of the template was published / a re-consent completed
  "consent.reconsent_required",
  "consent.superseded",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event of "send test event" in the panel: sent once, never retried, never subscribed to. */
export const TEST_EVENT = "webhook.test";

/** One record of a consent's evidence chain as served (decisions §6; lib/evidence/chain.ts hashes it). */
export interface EvidenceRecord {
  seq: number;
  event: string;
  at: string;
  ip: string;
  user_agent: string;
  actor: string;
  data: Record<string, unknown>;
  prev_hash: string | null;
  hash: string;
}
