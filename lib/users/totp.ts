// Two-factor sign-in codes (issue #42): RFC 6238 TOTP through otplib with the parameters every
// authenticator app reads from an otpauth:// QR code (SHA-1, 6 digits, 30-second steps). A code of the
// step before or after the current one is taken too (a phone's clock drifts, typing takes time), and
// never one of a step already used: a code seen over a shoulder, or sent twice, is spent.
import { generateSecret, generateURI, verify } from "otplib";

export const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;
/** Steps accepted on either side of the current one. */
const TOTP_WINDOW_STEPS = 1;

/** 20 random bytes (160 bits, RFC 4226's recommendation), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** What the QR code holds: the app shows the issuer and the account's label beside the codes. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return generateURI({ issuer, label, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_S });
}

/** The code as typed: spaces and a middle dash dropped ("123 456" is 123456). */
export function normalizeTotpCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, "");
  return code.length === TOTP_DIGITS && /^\d+$/.test(code) ? code : null;
}

/**
 * The time step the code belongs to, when it is right at `at` within the window and newer than
 * `lastStep` (the step of the last code accepted for this secret); otherwise null.
 */
export async function checkTotp(secret: string, input: string, at: Date, lastStep: number | null): Promise<number | null> {
  const token = normalizeTotpCode(input);
  if (!token) return null;
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(at.getTime() / 1000),
      period: TOTP_PERIOD_S,
      digits: TOTP_DIGITS,
      epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_S,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    // The functional verify types TOTP and HOTP results alike; a TOTP result carries its step.
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    // otplib throws on a malformed secret or options; for the person it is a code that did not work.
    return null;
  }
}
