// POST /s/{token}/sign: the person approves (with a drawn or, decisions §23, a typed signature), then the interpreter (decisions §17) and the witness (§19)
// sign on the same device. Exactly one signature wins however many submits race: the state change is
// a conditional transition of `sent` inside the transaction, which also queues the completion (a job
// event in the outbox). The answer comes at once: the document is produced, sealed and timestamped
// off the request (lib/completion), woken by that event after the commit, so a signature never waits
// on a TSA; the signing page shows it being prepared. Unless the informing physician must countersign
// first (§19): the consent then waits in `signed`.
import { z } from "zod";
import { transaction } from "@/lib/db";
import { markSigned } from "@/lib/db/consents";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { sha256Hex } from "@/lib/crypto";
import { formatDateTime } from "@/lib/time";
import { AppError, parseOrThrow } from "@/lib/errors";
import { chainedRecords, storedEvent } from "@/lib/evidence/append-event";
import type { EventName, EventOrigin } from "@/lib/evidence/event-names";
import { purgeDeadline } from "@/lib/consents/schedule-purge";
import { encryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { decrypt, encrypt } from "@/lib/encryption";
import { enqueueWebhook } from "@/lib/webhook-outbox/enqueue-webhook";
import { completionJob } from "@/lib/consents/completion-event";
import { assertCurrentText, assertOpen, closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { lockAsSigner, otpRequired, sessionHashOf, sessionLasts } from "@/lib/signing/require-session";
import { assertDrawn, drawnSignature } from "@/lib/signature-image";
import { printedText } from "@/lib/consents/printed-text";
import { clausesIn, MAX_CLAUSES, type AnsweredClause } from "@/lib/templates/clauses";
import { isLanguage } from "@/lib/i18n/languages";

/** decisions §23: a typed name as long as the longest name the consent itself may print (tanik_ad). */
const MAX_TYPED_NAME = 200;

const signSchema = z
  .object({
    // Exactly one of the drawn PNG and the typed name (decisions §23: keyboard and screen-reader users
    // type their name instead of drawing).
    signature: drawnSignature.optional(),
    // printedText: trimmed, bounded, no control characters, only what the PDF's fonts can print.
    typed_name: printedText(MAX_TYPED_NAME).optional(),
    // decisions §17: the interpreter's own signature, when the consent names one (tercuman_ad)
    interpreter_signature: drawnSignature.optional(),
    // decisions §19: the witness's own signature, when the consent names one (tanik_ad)
    witness_signature: drawnSignature.optional(),
    read: z.literal(true, { error: "metni okuduğunuzu onaylayın" }),
    understood: z.literal(true, { error: "metni anladığınızı onaylayın" }),
    // decisions §26: the codes of the clauses the person ticked; the others are declined.
    maddeler: z.array(z.string().max(40), { error: "madde kodlarının dizisi olmalı" }).max(MAX_CLAUSES).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.signature && v.typed_name !== undefined) ctx.addIssue({ code: "custom", path: ["typed_name"], message: "imza ile yazılan ad birlikte verilemez" });
    if (!v.signature && v.typed_name === undefined) ctx.addIssue({ code: "custom", path: ["signature"], message: "imza gerekli" });
  });

/**
 * decisions §26: the version's clauses in the consent's language, each answered; a 422 naming
 * `maddeler.<kod>` for a required clause left unticked, and `maddeler` for a code the form has not.
 * Null for a version without clauses.
 */
function answerClauses(language: string, stored: unknown, ticked: readonly string[]): AnsweredClause[] | null {
  const clauses = clausesIn(isLanguage(language) ? language : "tr", stored ?? {});
  const unknown = ticked.filter((code) => !clauses.some((m) => m.code === code));
  if (unknown.length) throw new AppError("validation_failed", undefined, { maddeler: [`formda olmayan madde: ${unknown.join(", ")}`] });
  const missing = clauses.filter((m) => m.required && !ticked.includes(m.code));
  if (missing.length) {
    throw new AppError("validation_failed", "Zorunlu maddeler işaretlenmeden imzalanamaz.", Object.fromEntries(missing.map((m) => [`maddeler.${m.code}`, ["zorunlu madde işaretlenmeli"]])));
  }
  return clauses.length ? clauses.map((m) => ({ ...m, accepted: ticked.includes(m.code) })) : null;
}

type SignInput = z.infer<typeof signSchema>;

/**
 * The records a signature appends, in order: decisions §26: the answers to the clauses, bound into
 * the chain before the signature they go with; §19/§25: the person first, then the interpreter, then
 * the witness, each binding its own signature's digest (kanit.json runs through the last of them,
 * consent-pdf.ts).
 */
function signatureRecords(
  c: { identityCheck: string; phoneMasked: string | null; interpreterName: string | null; witnessName: string | null },
  input: SignInput,
  clauses: AnsweredClause[] | null,
  signed: { interpreter: boolean; witness: boolean },
): { event: EventName; data: Record<string, unknown> }[] {
  return [
    ...(clauses
      ? [{ event: "maddeler_yanitlandi" as const, data: { accepted: clauses.filter((m) => m.accepted).map((m) => m.code), declined: clauses.filter((m) => !m.accepted).map((m) => m.code) } }]
      : []),
    {
      event: "imzalandi",
      data: {
        // decisions §23: how the person signed. A typed name is digested like an image (its UTF-8
        // bytes), so the evidence binds it without repeating it; the name itself is in the PDF.
        method: input.signature ? "drawn" : "typed",
        signature_sha256: sha256Hex(input.signature ?? input.typed_name!),
        // decisions §26: in person, no code was sent (kimlik_dogrulandi names who checked the identity)
        otp_phone: c.identityCheck === "yuz_yuze" ? null : c.phoneMasked,
        read: true,
        understood: true,
      },
    },
    ...(signed.interpreter ? [{ event: "tercuman_imzaladi" as const, data: { ad: decrypt(c.interpreterName!), signature_sha256: sha256Hex(input.interpreter_signature!) } }] : []),
    ...(signed.witness ? [{ event: "tanik_imzaladi" as const, data: { ad: decrypt(c.witnessName!), signature_sha256: sha256Hex(input.witness_signature!) } }] : []),
  ];
}

export async function signConsent(token: string, session: string | null, body: unknown, origin: EventOrigin) {
  // The session's verification and the version's clauses come with the row.
  const c = await consentByTokenOrThrow(token, { sessionHash: sessionHashOf(session), clauses: true });
  const at = now();
  assertOpen(c, at);
  assertCurrentText(c);
  const input = parseOrThrow(signSchema, body);
  if (c.interpreterName && !input.interpreter_signature) {
    throw new AppError("validation_failed", undefined, { interpreter_signature: ["tercümanın imzası gerekli"] });
  }
  if (c.witnessName && !input.witness_signature) {
    throw new AppError("validation_failed", undefined, { witness_signature: ["tanığın imzası gerekli"] });
  }
  // A stranger holding the link gets no image decoded for them: the session first, then the pixels
  // (the transaction checks both again under the row lock).
  if (!sessionLasts(c.sessionVerifiedAt, at)) throw otpRequired();
  // What is kept (and digested) is the checked image as the PDF draws it (8-bit RGBA).
  if (input.signature) input.signature = await assertDrawn(input.signature, "signature");
  if (c.interpreterName && input.interpreter_signature) input.interpreter_signature = await assertDrawn(input.interpreter_signature, "interpreter_signature");
  if (c.witnessName && input.witness_signature) input.witness_signature = await assertDrawn(input.witness_signature, "witness_signature");
  const clauses = answerClauses(c.language, c.clauses, input.maddeler);
  const status = c.countersignRequired ? "signed" : "completed";
  const signed = { interpreter: !!(c.interpreterName && input.interpreter_signature), witness: !!(c.witnessName && input.witness_signature) };
  const fields = {
    ...(input.signature ? { signatureImage: encryptFieldBytes(input.signature) } : { typedSignature: encrypt(input.typed_name!) }),
    ...(signed.interpreter ? { interpreterSignature: encryptFieldBytes(input.interpreter_signature!) } : {}),
    ...(signed.witness ? { witnessSignature: encryptFieldBytes(input.witness_signature!) } : {}),
    signerIp: origin.ip,
    signerUserAgent: origin.userAgent,
  };
  const events = signatureRecords(c, input, clauses, signed);
  const outcome = await transaction(async (tx) => {
    const lock = await lockAsSigner(tx, c, session, at);
    if (lock.refused) return lock.refused;
    // One statement records it all (issue #46): the state, the records chained from the head the lock
    // read, the purge deadline (decisions §12) and, unless the informing physician must countersign
    // first (§19), the completion's job event, dispatched after the commit (dispatching-jobs.ts).
    const count = await markSigned(tx, {
      id: c.id,
      tenantId: c.tenantId,
      at,
      status,
      fields,
      clauses,
      events: chainedRecords(lock.head, events, origin, at).map((r) => storedEvent(c.tenantId, r, at)),
      purgeAfter: purgeDeadline(at),
      job: status === "completed" ? completionJob(c.id) : undefined,
    });
    if (count === 0) return "closed" as const;
    if (status === "signed") await enqueueWebhook(tx, c.tenantId, c.id, "consent.signed", at);
    return "signed" as const;
  });
  if (outcome === "otp_required") throw otpRequired();
  // decisions §2: a sign on a closed consent is 409, a repeat of the winning signature included (the
  // page then shows the outcome).
  if (outcome === "closed") throw closedError();
  return { status, signed_at: formatDateTime(at, env().APP_TIMEZONE) };
}
