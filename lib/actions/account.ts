"use server";
// Server actions of the account page (issue #42): the signed-in user's own two-factor sign-in — start
// (a new secret and its QR code), confirm with a code and the password again (ten recovery codes
// back, once), and turn off with the password again. Open to every role, and to a user whom the
// tenant requires to turn it on. Turning it on or off ends the user's other sessions (issue #49), not
// the one that did it. And (issue #51) the user's own new password, with the current one again:
// open to a user whose password someone else set, who may open nothing else until they change it.
// And (issue #51) the physician's saved signature for countersignatures: saved, replaced, deleted.
import { headers } from "next/headers";
import { clientIpOf } from "@/lib/server/client-ip";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { startTwoFactor } from "@/lib/users/start-two-factor";
import { confirmTwoFactor } from "@/lib/users/confirm-two-factor";
import { disableTwoFactor } from "@/lib/users/disable-two-factor";
import { changePassword } from "@/lib/users/change-password";
import { deleteSignature, saveSignature } from "@/lib/users/saved-signature";

export async function startTwoFactorAction(): Promise<ActionResult<{ secret: string; qrDataUrl: string }>> {
  const user = await requirePanelUser("account");
  return toActionResult(async () => {
    const { secret, qrDataUrl } = await startTwoFactor(user);
    return { secret, qrDataUrl };
  });
}

export async function confirmTwoFactorAction(code: string, password: string): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  const user = await requirePanelUser("account");
  const ip = clientIpOf(await headers());
  return toActionResult(() => confirmTwoFactor(user.tenantId, user.id, code, password, ip, user.sessionId ?? null));
}

export async function disableTwoFactorAction(password: string): Promise<ActionResult> {
  const user = await requirePanelUser("account");
  const ip = clientIpOf(await headers());
  return toActionResult(async (): Promise<undefined> => {
    await disableTwoFactor(user.tenantId, user.id, password, ip, user.sessionId ?? null);
    return undefined;
  });
}

export async function changePasswordAction(values: { currentPassword: string; newPassword: string }): Promise<ActionResult> {
  const user = await requirePanelUser("password");
  const ip = clientIpOf(await headers());
  return toActionResult(async (): Promise<undefined> => {
    await changePassword({ tenantId: user.tenantId, id: user.id, sessionId: user.sessionId ?? null }, { currentPassword: values?.currentPassword, newPassword: values?.newPassword }, ip);
    return undefined;
  });
}

/** Issue #51: the physician's saved signature (a drawn PNG data URL), saved or replaced. */
export async function saveSignatureAction(signature: string): Promise<ActionResult> {
  const user = await requirePanelUser("account");
  return toActionResult(async (): Promise<undefined> => {
    await saveSignature(user, { signature: typeof signature === "string" ? signature : null });
    return undefined;
  });
}

/** Issue #51: the saved signature deleted. */
export async function deleteSignatureAction(): Promise<ActionResult> {
  const user = await requirePanelUser("account");
  return toActionResult(async (): Promise<undefined> => {
    await deleteSignature(user);
    return undefined;
  });
}
