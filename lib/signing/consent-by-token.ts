// The consent behind a signing link token, with what the signing operations need.
import { AppError } from "@/lib/errors";
import { signingRow } from "@/lib/db/signing";

/** `ask`: what signingRow reads beside the row (a session's verification, the clauses). */
export async function consentByTokenOrThrow(token: string, ask?: Parameters<typeof signingRow>[1]) {
  const c = /^[A-Za-z0-9_-]{20,128}$/.test(token) ? await signingRow(token, ask) : undefined;
  if (!c) throw new AppError("not_found", "İmza bağlantısı bulunamadı.");
  // A purged (kurum) consent is closed like any other; its page still shows the outcome.
  if (c.purgedAt || !c.phone) throw closedError();
  return c;
}

/**
 * Before a sign or decline looks at its body: a closed consent answers 409 whatever is sent. (The
 * transaction checks again under the row lock; this is the early, cheap answer.)
 */
export function assertOpen(c: { status: string; expiresAt: Date }, at: Date): void {
  if (c.status !== "sent" || c.expiresAt <= at) throw closedError();
}

/**
 * decisions §26: a material change to the text reached this open consent; it signs nothing (the
 * institution renews it). 409 with its own reason, so that the page can say why.
 */
export function assertCurrentText(c: { reconsentRequired: boolean }): void {
  if (c.reconsentRequired) throw new AppError("invalid_state", "Bu formun metni güncellendi; bu bağlantıyla imzalanamaz.", undefined, { reason: "text_changed" });
}

/**
 * decisions §26: an in-person consent (kimlik_dogrulama: yuz_yuze) is opened only from the panel's
 * kiosk view; its link sends no code (409 with its own reason, so that the page can say why).
 */
export function assertByCode(c: { identityCheck: string }): void {
  if (c.identityCheck === "yuz_yuze") throw new AppError("invalid_state", "Bu onam kurumda, kimlik yüz yüze doğrulanarak imzalanır; bağlantıyla kod gönderilmez.", undefined, { reason: "in_person" });
}

/** 409 for an action on a consent that is no longer open. */
export function closedError(): AppError {
  return new AppError("invalid_state", "Bu onam artık işlem kabul etmiyor.", undefined, { reason: "closed" });
}
