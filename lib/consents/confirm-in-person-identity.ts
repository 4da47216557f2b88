// decisions §26: in-person identity (kiosk). A signed-in staff member confirms on the clinic's device
// that they checked the person's identity document; the consent's evidence records it
// (`kimlik_dogrulandi` { method: "yuz_yuze", staff }) and this device gets a signing session for the
// consent's link, as a verified code would give. No SMS, no code.
import { randomBytes } from "node:crypto";
import { transaction } from "@/lib/db";
import { insertKioskSession, kioskConsentRow } from "@/lib/db/signing";
import { lockOpenConsent } from "@/lib/consents/lock-open-consent";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { AppError } from "@/lib/errors";
import { sha256Hex } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { now } from "@/lib/clock";
import { decrypt } from "@/lib/encryption";

/** An in-person consent of the tenant, as the kiosk view shows it before the confirmation. */
export async function getKioskConsentOrThrow(tenantId: string, id: string): Promise<{ id: string; token: string; open: boolean; patientName: string | null }> {
  const c = await kioskConsentRow(tenantId, id);
  if (!c || c.identityCheck !== "yuz_yuze") throw new AppError("not_found", "Yüz yüze kimlik doğrulamalı onam bulunamadı.");
  return { id: c.id, token: c.linkToken, open: c.status === "sent" && c.expiresAt > now(), patientName: c.patientName ? decrypt(c.patientName) : null };
}

/** Whether the tenant's consent `id` is an in-person one (the panel then offers its kiosk view). */
export async function isInPersonConsent(tenantId: string, id: string): Promise<boolean> {
  return (await kioskConsentRow(tenantId, id))?.identityCheck === "yuz_yuze";
}

/** Returns the link token and the session to set as the signing cookie on this device. */
export async function confirmInPersonIdentity(tenantId: string, id: string, staff: string, checked: boolean, origin: EventOrigin): Promise<{ token: string; session: string }> {
  if (!checked) throw new AppError("validation_failed", undefined, { kimlik_kontrol: ["kimlik belgesini kontrol ettiğinizi onaylayın"] });
  const c = await getKioskConsentOrThrow(tenantId, id);
  const at = now();
  const session = randomBytes(32).toString("base64url");
  const opened = await transaction(async (tx) => {
    if (!(await lockOpenConsent(tx, tenantId, c.id, at))) return false;
    await insertKioskSession(tx, { id: newId("otp"), consentId: c.id, codeHash: sha256Hex(randomBytes(32)), sessionHash: sha256Hex(session), at, staff });
    await appendEvent(tx, c.id, "kimlik_dogrulandi", origin, at, { method: "yuz_yuze", staff });
    return true;
  });
  if (!opened) throw new AppError("invalid_state", "Bu onam artık işlem kabul etmiyor.", undefined, { reason: "closed" });
  return { token: c.token, session };
}
