// The credentials of the institution's CSC v2 service the panel offers a physician (issue #48 part 3):
// what the choice needs — whose certificate, by whom, until when, and whether a PIN or an OTP is
// asked — without the certificates themselves (the prepare reads them from the service again).
import { AppError } from "@/lib/errors";
import type { PanelUser } from "@/lib/users/get-panel-user";
import { cscSettingsOrThrow } from "@/lib/remote-signing/csc-settings";
import { listCscCredentials } from "@/lib/remote-signing/list-csc-credentials";

export interface PanelCscCredential {
  credentialId: string;
  subject: string;
  issuer: string;
  serial: string;
  notAfter: string;
  needsPin: boolean;
  needsOtp: boolean;
}

export async function listCscCredentialsForPanel(user: PanelUser): Promise<PanelCscCredential[]> {
  if (!user.isPhysician) throw new AppError("forbidden", "Yalnızca hekim olarak işaretlenmiş kullanıcılar imzalayabilir.");
  const now = Date.now();
  return (await listCscCredentials(cscSettingsOrThrow()))
    .filter((c) => new Date(c.not_before).getTime() <= now && now < new Date(c.not_after).getTime())
    .map((c) => ({ credentialId: c.credential_id, subject: c.subject, issuer: c.issuer, serial: c.serial, notAfter: c.not_after, needsPin: c.needs_pin, needsOtp: c.needs_otp }));
}
