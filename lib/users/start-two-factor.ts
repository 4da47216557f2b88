// Turning on two-factor sign-in, first step (issue #42): a new TOTP secret for the user's own
// authenticator app, as a QR code and as text. It waits, encrypted (lib/encryption.ts), until the
// user confirms it with a code (confirm-two-factor.ts); until then sign-in is unchanged. Starting
// again replaces a secret not yet confirmed.
import QRCode from "qrcode";
import { startTotpSetup } from "@/lib/db/two-factor";
import { encrypt } from "@/lib/encryption";
import { AppError } from "@/lib/errors";
import { newTotpSecret, totpUri } from "@/lib/users/totp";

/** The name the authenticator app shows beside the account. */
const TOTP_ISSUER = "e-Onam";

export interface TwoFactorSetup {
  /** base32, for typing into the app by hand */
  secret: string;
  uri: string;
  /** the QR code of `uri`, an SVG as a data: address for an <img> (the pages' CSP allows data: images) */
  qrDataUrl: string;
}

export async function startTwoFactor(user: { tenantId: string; id: string; email: string }): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  if ((await startTotpSetup(user.tenantId, user.id, encrypt(secret))) !== 1) throw new AppError("invalid_state", "İki adımlı doğrulama zaten açık.");
  const uri = totpUri(secret, user.email, TOTP_ISSUER);
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}
