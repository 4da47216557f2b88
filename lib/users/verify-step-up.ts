// The password asked again before an act with legal effect (a physician's countersignature,
// decisions §19): a session left open on a shared desk computer is not enough to sign in someone's
// name. Counted exactly like a sign-in: a wrong password counts towards the account's lockout (five
// lock it for 15 minutes, sign-in included) and towards the client address's limit
// (sign-in-throttle.ts); while either holds, even the right password is refused.
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { checkUserPassword } from "@/lib/users/verify-credentials";
import { recordFailedSignIn, signInBlockedUntil } from "@/lib/users/sign-in-throttle";

const TOO_MANY = "Çok sayıda hatalı parola girildi; en geç 15 dakika sonra tekrar deneyin.";
const WRONG = "Parola hatalı.";

/**
 * Throws AppError (`password` named) unless `password` is the user's own. `sessionId`: the session
 * asking, which a lockout leaves open while it ends the user's others (issue #49).
 */
export async function verifyStepUp(userId: string, password: string, ip: string, sessionId: string | null = null): Promise<void> {
  // Nothing typed is a form error, not a guess.
  if (!password) throw new AppError("validation_failed", "Parolanızı girin.", { password: ["zorunlu"] });
  const at = now();
  if (await signInBlockedUntil(ip, at)) throw new AppError("rate_limited", TOO_MANY, { password: [TOO_MANY] });
  const result = await checkUserPassword({ id: userId }, password, at, { signIn: false, keepSid: sessionId });
  if (result.ok) return;
  await recordFailedSignIn(ip, at);
  // The user is signed in: telling them their own account is locked tells no one anything new.
  if (result.reason === "locked") throw new AppError("rate_limited", TOO_MANY, { password: [TOO_MANY] });
  throw new AppError("unauthorized", WRONG, { password: [WRONG] });
}
