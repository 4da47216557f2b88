"use server";
// decisions §26: the panel's kiosk view. Starting it records that the signed-in staff member checked
// the person's identity document, gives this device the consent's signing session and locks the
// panel on it; leaving it takes that staff member's password again.
import { cookies } from "next/headers";
import { confirmInPersonIdentity } from "@/lib/consents/confirm-in-person-identity";
import { panelOrigin, requirePanelUser } from "@/lib/users/require-panel-user";
import { lockKiosk, unlockKiosk } from "@/lib/users/kiosk-lock";
import { checkUserPassword } from "@/lib/users/verify-credentials";
import { AppError } from "@/lib/errors";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { SESSION_TTL_MS } from "@/lib/signing/otp-rules";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";

/** The signing cookie of the consent's link (lib/api/signing-policy.ts), set on this device. */
const SIGNING_SESSION_COOKIE = "onam_oturum";

export async function startKioskAction(id: string, checked: boolean): Promise<ActionResult<{ url: string }>> {
  const user = await requirePanelUser("consents");
  return toActionResult(async () => {
    const { token, session } = await confirmInPersonIdentity(user.tenantId, String(id), user.name ?? user.email, checked === true, await panelOrigin(user));
    const jar = await cookies();
    jar.set(SIGNING_SESSION_COOKIE, session, { path: `/s/${token}`, httpOnly: true, sameSite: "strict", maxAge: SESSION_TTL_MS / 1000, secure: env().APP_URL.startsWith("https://") });
    await lockKiosk();
    return { url: `/s/${token}` };
  });
}

export async function leaveKioskAction(password: string): Promise<ActionResult> {
  const user = await requirePanelUser("consents", { kiosk: true });
  return toActionResult(async () => {
    const check = await checkUserPassword({ id: user.id }, String(password ?? ""), now(), { signIn: false, keepSid: user.sessionId ?? null });
    if (!check.ok) throw new AppError("validation_failed", undefined, { parola: [check.reason === "locked" ? "hesap geçici olarak kilitlendi" : "parola hatalı"] });
    await unlockKiosk();
    return undefined;
  });
}
