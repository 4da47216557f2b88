// Consent statuses (decisions §5). `sent` is the only one open to the person, `signed` the one open to
// the physician (§19); a `sent` consent past expires_at reads as `expired` everywhere, even before the
// sweep has recorded it.
export const CONSENT_STATUSES = ["sent", "completed", "rejected", "expired", "cancelled", "withdrawn", "signed", "superseded"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

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

export function effectiveStatus(status: string, expiresAt: Date, at: Date): ConsentStatus {
  if (status === "sent" && expiresAt <= at) return "expired";
  return status as ConsentStatus;
}
