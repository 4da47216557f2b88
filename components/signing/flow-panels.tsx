"use client";
// The presentational panels of the signing flow: the pad of a party who signs after the person, the
// decline reason, the "are you sure?" step and the closing screen. State and server calls stay in
// signing-flow.tsx.
import type { Ref } from "react";
import { formatWhen } from "@/lib/i18n/format";
import type { Lang, Messages } from "./messages";
import { problemText, type Problem } from "./problems";
import { SignatureField, type SignatureHandle } from "./signature-field";
import { cls, Spinner } from "./ui";
import { DocumentWhenReady } from "./document-when-ready";

interface DeclineReasonProps {
  t: Messages;
  id: string;
  headingRef: Ref<HTMLHeadingElement>;
  reason: string;
  onReason(v: string): void;
  onContinue(): void;
  onCancel(): void;
}

export function DeclineReason({ t, id, headingRef, reason, onReason, onContinue, onCancel }: DeclineReasonProps) {
  return (
    <section aria-labelledby={`${id}-decline`} className={cls.card}>
      <h2 id={`${id}-decline`} ref={headingRef} tabIndex={-1} className={cls.h2}>
        {t.declineHeading}
      </h2>
      <p className="mt-2 text-slate-700">{t.declineIntro}</p>
      <label htmlFor={`${id}-reason`} className="mt-4 block font-medium text-slate-900">
        {t.declineReasonLabel}
      </label>
      <p id={`${id}-reason-help`} className="mt-1 text-sm text-slate-600">
        {t.declineReasonHelp}
      </p>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(e) => onReason(e.target.value)}
        rows={4}
        maxLength={1000}
        aria-describedby={`${id}-reason-help`}
        className={`mt-2 block w-full rounded-xl border-2 border-slate-500 bg-white p-3 text-base text-slate-900 ${cls.focus}`}
      />
      <div className="mt-4 space-y-3">
        <button type="button" className={cls.danger} onClick={onContinue}>
          {t.declineContinue}
        </button>
        <button type="button" className={cls.secondary} onClick={onCancel}>
          {t.declineCancel}
        </button>
      </div>
    </section>
  );
}

interface DeclineConfirmProps {
  t: Messages;
  id: string;
  headingRef: Ref<HTMLHeadingElement>;
  reason: string;
  busy: boolean;
  problem: Problem;
  onConfirm(): void;
  onBack(): void;
}

export function DeclineConfirm({ t, id, headingRef, reason, busy, problem, onConfirm, onBack }: DeclineConfirmProps) {
  return (
    <section aria-labelledby={`${id}-confirm`} className={`${cls.box} border-2 border-red-700`}>
      <h2 id={`${id}-confirm`} ref={headingRef} tabIndex={-1} className={`${cls.h2} text-xl`}>
        {t.confirmHeading}
      </h2>
      <p className="mt-2 text-slate-800">{t.confirmText}</p>
      {reason ? (
        <blockquote className="mt-3 border-l-4 border-slate-300 pl-3 whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">{reason}</blockquote>
      ) : null}
      <div role="alert">{problem ? <p className={`${cls.alert} mt-3`}>{problemText(t, problem)}</p> : null}</div>
      <div className="mt-4 space-y-3">
        <button type="button" className={cls.danger} onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner /> : null}
          {busy ? t.declining : t.confirmYes}
        </button>
        <button type="button" className={cls.secondary} disabled={busy} onClick={onBack}>
          {t.confirmBack}
        </button>
      </div>
    </section>
  );
}

interface DoneProps {
  t: Messages;
  lang: Lang;
  id: string;
  headingRef: Ref<HTMLHeadingElement>;
  signed: boolean;
  /** signed, and the informing physician's countersignature is awaited (decisions §19): no document yet */
  awaitingPhysician: boolean;
  at: string;
  /** APP_TIMEZONE, the zone `at` is written in; said beside it (decisions §25) */
  timeZone: string;
  /** with a completed signature: the link's token, for the copy once it is ready (GET /s/{token}/document) */
  token: string;
}

export function Done({ t, lang, id, headingRef, signed, awaitingPhysician, at, timeZone, token }: DoneProps) {
  const when = formatWhen(at, lang, timeZone);
  const [title, text] = !signed
    ? [t.doneDeclinedTitle, t.doneDeclinedText(when)]
    : awaitingPhysician
      ? [t.outcome.signedTitle, t.outcome.signedText(when)]
      : [t.doneSignedTitle, t.doneSignedText(when)];
  return (
    <section aria-labelledby={`${id}-done`} className={`${cls.box} border-2 ${signed ? "border-green-700" : "border-slate-500"}`}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`flex size-10 shrink-0 items-center justify-center rounded-full text-xl font-bold text-white ${signed ? "bg-green-700" : "bg-slate-600"}`}
        >
          {signed ? "✓" : "✕"}
        </span>
        <div>
          <h2 id={`${id}-done`} ref={headingRef} tabIndex={-1} className={`${cls.h2} text-xl`}>
            {title}
          </h2>
          <p className="mt-2 text-slate-700">{text}</p>
          {/* Awaiting the physician there is no document yet; the link offers it once completed. */}
          {signed && awaitingPhysician ? <p className="mt-2 text-slate-700">{t.outcome.signedCopyLater}</p> : null}
          {/* The copy is produced off the signature's request: "preparing", then the link, without a reload. */}
          {signed && !awaitingPhysician ? <DocumentWhenReady token={token} t={t} /> : null}
          <p className="mt-2 font-medium text-slate-800">{t.doneClose}</p>
        </div>
      </div>
    </section>
  );
}

interface PartySignatureProps {
  t: Messages;
  id: string;
  /** which party, for tests and styles: `interpreter` (decisions §17) or `witness` (§19) */
  party: "interpreter" | "witness";
  heading: string;
  help: string;
  padRef: Ref<SignatureHandle>;
  empty: boolean;
  onChange(empty: boolean): void;
  disabled: boolean;
}

/** The pad of someone who signs on the person's device after them: the interpreter, the witness. */
export function PartySignature({ t, id, party, heading, help, padRef, empty, onChange, disabled }: PartySignatureProps) {
  return (
    <>
      <h2 className={`${cls.h2} mt-6 [overflow-wrap:anywhere]`}>{heading}</h2>
      <p id={`${id}-${party}-help`} className="mt-1 text-slate-700">
        {help}
      </p>
      <div className="mt-3" data-pad={party}>
        <SignatureField t={t} ref={padRef} empty={empty} onChange={onChange} disabled={disabled} describedBy={`${id}-${party}-help`} />
      </div>
    </>
  );
}

interface TickProps {
  checked: boolean;
  onChange(v: boolean): void;
  label: string;
  text: string;
  /** "read" until the text was scrolled to its end (issue #42), with the hint that says why */
  disabled?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** One of the "read" / "understood" ticks: a short bold label and the full sentence. */
export function Tick({ checked, onChange, label, text, disabled, describedBy, inputRef }: TickProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-slate-300 p-3 has-checked:border-blue-700 has-checked:bg-blue-50 has-disabled:cursor-not-allowed has-disabled:text-slate-600">
      <input
        ref={inputRef}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
        className={`mt-0.5 size-6 shrink-0 accent-blue-700 ${cls.focus}`}
      />
      <span>
        <strong>{label}</strong> {text}
      </span>
    </label>
  );
}

interface CodeInputProps {
  t: Messages;
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  invalid: boolean;
  onChange(v: string): void;
}

/** The 6-digit SMS code field: numeric keypad and the platforms' one-time-code autofill. */
export function CodeInput({ t, id, inputRef, value, invalid, onChange }: CodeInputProps) {
  return (
    <>
      <label htmlFor={`${id}-code`} className="block font-medium text-slate-900">
        {t.codeLabel}
      </label>
      <p id={`${id}-code-help`} className="mt-1 text-sm text-slate-600">
        {t.codeHelp}
      </p>
      <input
        ref={inputRef}
        id={`${id}-code`}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        // No maxLength: a code pasted as "230 361" or "230-361" would be cut before the spaces go.
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
        aria-describedby={`${id}-code-help`}
        aria-invalid={invalid || undefined}
        className={`mt-2 block h-14 w-full max-w-56 rounded-xl border-2 border-slate-500 bg-white px-4 text-center font-mono text-2xl tracking-[0.4em] text-slate-900 ${cls.focus}`}
      />
    </>
  );
}
