// POST /s/{token}/sign: the person approves. Exactly one signature wins however many submits race:
// the state change is a conditional transition of `sent` inside the transaction. Then the completion
// pipeline runs right away (lib/completion), so the answer comes with the document stored.
import { z } from "zod";
import { db, sqlTransaction } from "@/lib/db";
import { markSigned } from "@/lib/db/consents";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { sha256Hex } from "@/lib/crypto";
import { formatDateTime } from "@/lib/time";
import { AppError, parseOrThrow } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { schedulePurge } from "@/lib/consents/schedule-purge";
import { encryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { advanceCompletion } from "@/lib/completion/advance-completion";
import { queueCompletion } from "@/lib/completion/completion-event";
import { assertOpen, closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { hasVerifiedSession, otpRequired, signerMayNotAct } from "@/lib/signing/require-session";
import { readSignatureImage } from "@/lib/signing/signature-image";

const MAX_SIGNATURE_BYTES = 512 * 1024;
const NOT_A_PNG = "imza bir PNG görüntüsü olmalı";

/** A drawn signature as signature_pad exports it: a PNG data URL, not huge (read by assertDrawn). */
const drawnSignature = z
  .string({ error: "imza gerekli" })
  .transform((v, ctx) => {
    const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(v);
    const png = m ? Buffer.from(m[1]!, "base64") : null;
    if (!png || png.length > MAX_SIGNATURE_BYTES) {
      ctx.addIssue({ code: "custom", message: NOT_A_PNG });
      return z.NEVER;
    }
    return png;
  });

/** The page refuses to submit an empty pad; this is the server's own check, and the PDF's guarantee that the image draws. */
async function assertDrawn(png: Buffer, field: string): Promise<void> {
  const image = await readSignatureImage(png);
  if (image !== "drawn") throw new AppError("validation_failed", undefined, { [field]: [image === "empty" ? "imza boş" : NOT_A_PNG] });
}

const signSchema = z.object({
  signature: drawnSignature,
  // decisions §17: the interpreter's own signature, when the consent names one (tercuman_ad)
  interpreter_signature: drawnSignature.optional(),
  read: z.literal(true, { error: "metni okuduğunuzu onaylayın" }),
  understood: z.literal(true, { error: "metni anladığınızı onaylayın" }),
});

export async function signConsent(token: string, session: string | null, body: unknown, origin: EventOrigin) {
  const c = await consentByTokenOrThrow(token);
  const at = now();
  assertOpen(c, at);
  const input = parseOrThrow(signSchema, body);
  if (c.interpreterName && !input.interpreter_signature) {
    throw new AppError("validation_failed", undefined, { interpreter_signature: ["tercümanın imzası gerekli"] });
  }
  // A stranger holding the link gets no image decoded for them: the session first, then the pixels
  // (the transaction checks both again under the row lock).
  if (!(await hasVerifiedSession(db(), c.id, session, at))) throw otpRequired();
  await assertDrawn(input.signature, "signature");
  if (c.interpreterName && input.interpreter_signature) await assertDrawn(input.interpreter_signature, "interpreter_signature");
  const outcome = await sqlTransaction(async (tx) => {
    const refused = await signerMayNotAct(tx, c, session, at);
    if (refused) return refused;
    const interpreterSigned = c.interpreterName && input.interpreter_signature;
    const count = await markSigned(tx, c.id, at, {
      signatureImage: encryptFieldBytes(input.signature),
      ...(interpreterSigned ? { interpreterSignature: encryptFieldBytes(input.interpreter_signature!) } : {}),
      signerIp: origin.ip,
      signerUserAgent: origin.userAgent,
    });
    if (count === 0) return "closed" as const;
    await schedulePurge(tx, c.tenantId, c.id, at);
    // Before imzalandi, so that the evidence up to the signature (kanit.json in the PDF) holds it.
    if (interpreterSigned) {
      await appendEvent(tx, c.id, "tercuman_imzaladi", origin, at, { signature_sha256: sha256Hex(input.interpreter_signature!) });
    }
    await appendEvent(tx, c.id, "imzalandi", origin, at, {
      signature_sha256: sha256Hex(input.signature),
      otp_phone: c.phoneMasked,
      read: true,
      understood: true,
    });
    // Under Inngest its completion run carries on after this request (retries of the timestamp).
    await queueCompletion(tx, c.id, at);
    return "signed" as const;
  });
  if (outcome === "otp_required") throw otpRequired();
  // decisions §2: a sign on a closed consent is 409, a repeat of the winning signature included (the
  // page then shows the outcome).
  if (outcome === "closed") throw closedError();
  await completeAfterSignature(c.id);
  return { status: "completed" as const, signed_at: formatDateTime(at, env().APP_TIMEZONE) };
}

/**
 * The completion pipeline, awaited. The signature is already recorded: should a step fail (the
 * storage unreachable, say) or this process die first, the background work carries it on, and the
 * signer is told that they signed, not that something went wrong.
 */
async function completeAfterSignature(consentId: string): Promise<void> {
  try {
    await advanceCompletion(consentId);
  } catch (err) {
    logger().warn({ err: err instanceof Error ? err.message : String(err), consentId }, "completion step failed after signing; the background work carries it on");
  }
}
