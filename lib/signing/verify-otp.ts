// POST /s/{token}/verify: checks the latest code; a match opens a signing session for this browser.
import { randomBytes } from "node:crypto";
import { transaction } from "@/lib/db";
import { latestOtp, updateOtp } from "@/lib/db/signing";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import { warmDocuments } from "@/lib/documents/render-document";
import { logger } from "@/lib/log";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { lockActionableConsent } from "@/lib/consents/lock-open-consent";
import { assertByCode, closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { OTP_MAX_WRONG, otpMatches, otpState } from "@/lib/signing/otp-rules";
import { linkLimits, linkLockedError, WRONG_IN_ALL } from "@/lib/signing/link-lock";

type Outcome =
  | { kind: "closed" | "otp_missing" | "otp_locked" | "otp_expired" }
  | { kind: "link_locked"; wait: number }
  | { kind: "wrong"; attemptsLeft: number }
  | { kind: "verified"; session: string };

const REFUSAL: Record<"otp_missing" | "otp_locked" | "otp_expired", string> = {
  otp_missing: "Önce doğrulama kodu isteyin.",
  otp_locked: "Çok sayıda hatalı giriş: yeni bir kod isteyin.",
  otp_expired: "Kodun süresi doldu: yeni bir kod isteyin.",
};

/** Returns the session token to set as a cookie. */
export async function verifyOtp(token: string, code: unknown, origin: EventOrigin): Promise<string> {
  const c = await consentByTokenOrThrow(token);
  assertByCode(c);
  // A code copied from the message may carry spaces or dashes ("230 361"); they are not guesses.
  const entered = typeof code === "string" ? code.replace(/[\s-]/g, "") : "";
  const at = now();
  // Every outcome is committed before answering: a wrong entry must count even though it fails.
  const outcome: Outcome = await transaction(async (tx): Promise<Outcome> => {
    const actionable = await lockActionableConsent(tx, c.tenantId, c.id, at);
    if (!actionable) return { kind: "closed" };
    const limits = await linkLimits(tx, c.id, at, { completed: actionable === "withdrawable" });
    if (limits.locked) return { kind: "link_locked", wait: limits.lockWait };
    const otp = await latestOtp(tx, c.id);
    if (!otp) return { kind: "otp_missing" };
    // A completed consent's link, after a lock ended: the code guessed at before it is not entered
    // again (its wrong entries no longer count); a new code starts afresh.
    if (limits.since && new Date(otp.createdAt).getTime() < limits.since.getTime()) return { kind: "otp_missing" };
    const state = otpState(otp, at);
    if (state === "locked") return { kind: "otp_locked" };
    if (state === "expired") return { kind: "otp_expired" };
    if (state === "used") return { kind: "otp_missing" };
    if (!otpMatches(env().APP_SECRET, c.id, entered, otp.codeHash)) {
      const attempts = otp.attempts + 1;
      await updateOtp(tx, otp.id, { attempts });
      await appendEvent(tx, c.id, "otp_hatali", origin, at, { attempts, attempts_left: OTP_MAX_WRONG - attempts });
      if (limits.wrong + 1 >= WRONG_IN_ALL) {
        // The 15th wrong entry since the last resend: no further guesses on this link.
        await appendEvent(tx, c.id, "link_kilitlendi", origin, at, { reason: "wrong_entries", codes: limits.codes, wrong: limits.wrong + 1 });
        return { kind: "link_locked", wait: limits.nextLockWait };
      }
      return { kind: "wrong", attemptsLeft: OTP_MAX_WRONG - attempts };
    }
    const session = randomBytes(32).toString("base64url");
    await updateOtp(tx, otp.id, { verifiedAt: at, sessionHash: sha256Hex(session) });
    await appendEvent(tx, c.id, "otp_dogrulandi", origin, at, { phone: c.phoneMasked });
    return { kind: "verified", session };
  });
  switch (outcome.kind) {
    case "verified":
      // The person reads and signs next: have a document thread ready by then (not for a withdrawal).
      if (c.status === "sent") void warmDocuments().catch((err: unknown) => logger().warn({ err: err instanceof Error ? err.message : String(err) }, "document thread warm-up failed"));
      return outcome.session;
    case "closed":
      throw closedError();
    case "link_locked":
      throw linkLockedError(outcome.wait);
    case "wrong":
      throw new AppError(
        "validation_failed",
        `Kod hatalı; ${outcome.attemptsLeft} deneme hakkınız kaldı.`,
        { code: ["Kod hatalı"] },
        { attempts_left: outcome.attemptsLeft },
      );
    default:
      throw new AppError("invalid_state", REFUSAL[outcome.kind], undefined, { reason: outcome.kind });
  }
}
