"use client";
// The interactive part of the signing page, the only JavaScript it ships: verify the phone with an
// SMS code, tick "read" and "understood", draw a signature (then the interpreter's and the witness's,
// when the consent names them) and approve — or decline with a reason.
// The server decides everything; this component only maps its answers to the person's language.
import { useEffect, useId, useReducer, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { CodeInput, DeclineConfirm, DeclineReason, Done, PartySignature, Tick } from "./flow-panels";
import { CONSENT_TEXT_HEADING_ID, flowReducer, initialState, type Focus } from "./flow-state";
import type { Lang } from "./messages";
import { useMessages } from "./messages-context";
import { problemText, type Problem } from "./problems";
import { declineConsent, requestOtp, signConsent, verifyOtp, type Failure } from "./signing-api";
import { SignatureField, type SignatureHandle } from "./signature-field";
import { cls, mmss, Spinner } from "./ui";
import { isolateLtr } from "@/lib/i18n/languages";
import { TeachBack } from "./teach-back";
import { TypedSignature, useSignatureMethod } from "./typed-signature";
import { ReadHint, useTextRead } from "./read-gate";
import type { TeachBackQuestion } from "@/lib/templates/questions";
import { useClauseTicks, type TemplateClause } from "./clause-ticks";

interface Props {
  token: string;
  lang: Lang;
  phoneMasked: string;
  /** this browser holds a verified session (the server checked its cookie) */
  verified: boolean;
  /** the link is locked after too many codes or wrong entries (decisions §15) */
  locked: boolean;
  /** decisions §17: the interpreter who signs too; known only after the code (null before, or none) */
  interpreterName: string | null;
  /** decisions §19: the witness who signs after the person and the interpreter; likewise after the code */
  witnessName: string | null;
  /** decisions §22: the teach-back questions to ask before the signature (none: no step); likewise after the code */
  questions: readonly TeachBackQuestion[];
  /** decisions §26: the clauses to tick (a required one before signing); likewise after the code */
  clauses: readonly TemplateClause[];
  /** the consent's language: the questions are in it, whatever the page's wording */
  textLanguage: Lang;
  /** APP_TIMEZONE: the zone of the times the server answers with, said beside them (decisions §25) */
  timeZone: string;
}

export function SigningFlow({ token, lang, phoneMasked, verified: verifiedOnServer, locked, interpreterName, witnessName, questions, clauses, textLanguage, timeZone }: Props) {
  const t = useMessages();
  const router = useRouter();
  const ids = useId();
  const [state, dispatch] = useReducer(flowReducer, { verified: verifiedOnServer, locked }, (p) => initialState(p.verified, p.locked));
  const { stage, busy, otp, code, needNewCode, linkLocked, notice, otpProblem, read, understood, sigEmpty, interpreterEmpty, witnessEmpty, reason } = state;
  // The clock of the countdowns, ticking only while a code is awaited.
  const [now, setNow] = useState(0);
  // decisions §22: the questions come between the ticks and the signature, until answered or passed.
  const [teachBackDone, setTeachBackDone] = useState(false);
  const signatureHeading = useRef<HTMLHeadingElement>(null);
  // decisions §23: the person draws, or types their name instead (typed-signature.tsx).
  const { method, typedName, setTypedName, typedInput, methodButton, switchMethod } = useSignatureMethod();
  const asking = questions.length > 0 && !teachBackDone;
  const clauseStep = useClauseTicks(t, clauses, busy !== null, textLanguage); // decisions §26 (the server checks it again)

  const sigRef = useRef<SignatureHandle>(null);
  const interpreterRef = useRef<SignatureHandle>(null);
  const witnessRef = useRef<SignatureHandle>(null);
  // Focus moves to the next step once it is on screen (after the render that shows it).
  const focusable = useRef<Partial<Record<Focus, HTMLElement | null>>>({});
  const refTo = (target: Focus) => (el: HTMLElement | null) => {
    focusable.current[target] = el;
  };
  // The consent text arrives with the refresh after the code; its heading takes the focus once it is there.
  const [refreshing, startRefresh] = useTransition();
  const focused = useRef<object | null>(null);
  useEffect(() => {
    const focus = state.focus;
    if (!focus || focus === focused.current) return;
    if (focus.target === "text") {
      if (refreshing) return;
      (document.getElementById(CONSENT_TEXT_HEADING_ID) ?? focusable.current.approve)?.focus();
    } else {
      focusable.current[focus.target]?.focus();
    }
    focused.current = focus;
  }, [state.focus, refreshing]);

  const verified = stage !== "verify";
  // issue #42: "read" waits for the end of the text (read-gate.tsx).
  const { textSeen, readBox, jumpToEnd } = useTextRead(verified && !refreshing);
  const capUntil = state.capUntil;
  useEffect(() => {
    if ((!otp && capUntil === null) || verified) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [otp, capUntil, verified]);

  const common = (r: Failure): Problem => {
    if (r.status === 0) return { kind: "network" };
    if (r.status === 404 || (r.status === 409 && (r.reason === "closed" || r.reason === "text_changed"))) {
      router.refresh();
      return { kind: "closed" };
    }
    return { kind: "generic" };
  };

  async function sendCode() {
    dispatch({ type: "otpRequested" });
    const r = await requestOtp(token);
    const at = Date.now();
    setNow(at);
    if (r.ok) {
      dispatch({ type: "otpSent", otp: { phone: r.data.phone, expiresAt: at + r.data.expires_in * 1000, resendAt: at + r.data.retry_after * 1000 } });
    } else if (r.status === 429 && r.reason === "link_locked") {
      dispatch({ type: "linkLocked" });
    } else if (r.status === 429 && r.reason !== "otp_wait" && r.reason !== null) {
      dispatch({ type: "otpCapped", seconds: r.retryAfter ?? 3600, resendAt: at + (r.retryAfter ?? 3600) * 1000 });
    } else if (r.status === 429) {
      dispatch({ type: "otpRecent", phone: phoneMasked, resendAt: at + (r.retryAfter ?? 60) * 1000 });
    } else {
      dispatch({ type: "otpFailed", problem: r.status === 503 ? { kind: "smsFailed" } : common(r) });
    }
  }

  async function submitCode(e: React.FormEvent) {
    e.preventDefault();
    if (busy || needNewCode) return;
    if (!/^\d{6}$/.test(code)) return dispatch({ type: "codeMalformed" });
    dispatch({ type: "codeSubmitted" });
    const r = await verifyOtp(token, code);
    if (r.ok) {
      dispatch({ type: "codeAccepted" });
      // The server now renders the consent text and details for this browser (decisions §15).
      startRefresh(() => router.refresh());
    } else if (r.status === 429 && r.reason === "link_locked") {
      dispatch({ type: "linkLocked" });
    } else if (r.status === 422) {
      const left = r.attemptsLeft;
      dispatch(
        left === null
          ? { type: "codeRefused", problem: { kind: "format" }, needNewCode: false }
          : left > 0
            ? { type: "codeRefused", problem: { kind: "wrong", left }, needNewCode: false }
            : { type: "codeRefused", problem: { kind: "locked" }, needNewCode: true },
      );
    } else if (r.status === 409 && (r.reason === "otp_locked" || r.reason === "otp_expired" || r.reason === "otp_missing")) {
      const kind = r.reason === "otp_locked" ? "locked" : r.reason === "otp_expired" ? "expired" : "missing";
      dispatch({ type: "codeRefused", problem: { kind }, needNewCode: true });
    } else {
      dispatch({ type: "codeRefused", problem: common(r), needNewCode: false });
    }
  }

  async function approve() {
    const typed = method === "typed" ? typedName.trim() : null;
    const signature = typed ? null : (sigRef.current?.toDataURL() ?? null);
    const interpreterSignature = interpreterName ? (interpreterRef.current?.toDataURL() ?? null) : null;
    const witnessSignature = witnessName ? (witnessRef.current?.toDataURL() ?? null) : null;
    if (busy || !read || !understood || clauseStep.missing || !(signature || typed) || (interpreterName && !interpreterSignature) || (witnessName && !witnessSignature)) return;
    dispatch({ type: "submitted", what: "sign" });
    const r = await signConsent(token, {
      ...(typed ? { typed_name: typed } : { signature: signature! }),
      ...(interpreterSignature ? { interpreter_signature: interpreterSignature } : {}),
      ...(witnessSignature ? { witness_signature: witnessSignature } : {}),
      ...clauseStep.request,
    });
    if (r.ok) dispatch({ type: "done", what: "sign", at: r.data.signed_at, awaitingPhysician: r.data.status === "signed" });
    else if (r.status === 401) dispatch({ type: "sessionExpired" });
    else dispatch({ type: "failed", what: "sign", problem: r.status === 422 ? { kind: "signInvalid" } : common(r) });
  }

  async function decline() {
    if (busy) return;
    dispatch({ type: "submitted", what: "decline" });
    const r = await declineConsent(token, reason.trim());
    if (r.ok) dispatch({ type: "done", what: "decline", at: r.data.rejected_at });
    else if (r.status === 401) dispatch({ type: "sessionExpired" });
    else dispatch({ type: "failed", what: "decline", problem: common(r) });
  }

  if (stage === "signed" || stage === "declined") {
    return (
      <Done t={t} lang={lang} id={ids} headingRef={refTo("done")} signed={stage === "signed"} awaitingPhysician={state.awaitingPhysician} at={state.doneAt} timeZone={timeZone} token={token} />
    );
  }

  // One wait before another code (the minute after a code, the hourly caps), read by the button, the countdown and the caps' message.
  const waitUntil = Math.max(otp?.resendAt ?? 0, capUntil ?? 0);
  const resendLeft = waitUntil > 0 ? Math.ceil((waitUntil - now) / 1000) : 0;
  const codeLeft = otp?.expiresAt != null ? otp.expiresAt - now : null;
  const canResend = !linkLocked && resendLeft <= 0;
  const capped = otpProblem?.kind === "tooMany";
  // The caps' message counts down and goes once the wait is over; no second "new code in N seconds" line beside it.
  const otpError = capped ? (resendLeft > 0 ? t.tooManyCodes(resendLeft) : null) : problemText(t, otpProblem);
  const missing = [
    !read && t.missingRead,
    !understood && t.missingUnderstood,
    clauseStep.missing && t.missingClauses,
    method === "drawn" && sigEmpty && t.missingSignature,
    method === "typed" && !typedName.trim() && t.missingTyped,
    interpreterName && interpreterEmpty && t.missingInterpreter,
    witnessName && witnessEmpty && t.missingWitness,
  ].filter((x): x is string => typeof x === "string");

  return (
    <div className="space-y-4">
      <section aria-labelledby={`${ids}-verify`} className={cls.card}>
        <h2 id={`${ids}-verify`} ref={refTo("verify")} tabIndex={-1} className={cls.h2}>
          {t.stepVerify}
        </h2>
        {verified ? (
          <p role="status" className={`${cls.ok} mt-3 flex items-center gap-2`}>
            <span aria-hidden="true" className="font-bold">
              ✓
            </span>
            {t.verified}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">{t.verifyIntro(isolateLtr(otp?.phone ?? phoneMasked))}</p>
            <div role="status">
              {notice === "sent" && otp ? <p className={`${cls.info} mt-3`}>{t.codeSent(isolateLtr(otp.phone))}</p> : null}
              {notice === "recent" ? <p className={`${cls.info} mt-3`}>{t.codeRecentlySent}</p> : null}
            </div>
            <div role="alert">{otpError ? <p className={`${cls.alert} mt-3`}>{otpError}</p> : null}</div>

            {otp ? (
              <form onSubmit={submitCode} noValidate className="mt-4" aria-busy={busy === "verify"}>
                <CodeInput
                  t={t}
                  id={ids}
                  inputRef={refTo("code")}
                  value={code}
                  onChange={(v) => dispatch({ type: "input", patch: { code: v } })}
                  invalid={otpProblem?.kind === "wrong" || otpProblem?.kind === "format"}
                />
                <button type="submit" className={`${cls.primary} mt-3`} disabled={busy !== null || needNewCode}>
                  {busy === "verify" ? <Spinner /> : null}
                  {busy === "verify" ? t.verifying : t.verify}
                </button>
                {codeLeft !== null && !needNewCode ? (
                  <p className="mt-3 text-sm text-slate-600">{codeLeft > 0 ? t.codeValidFor(mmss(codeLeft)) : t.codeExpiredHint}</p>
                ) : null}
              </form>
            ) : null}

            <div className="mt-4">
              {!linkLocked && !capped && resendLeft > 0 ? (
                <p className="mb-2 text-sm text-slate-600">{t.resendIn(resendLeft)}</p>
              ) : null}
              <button
                type="button"
                onClick={sendCode}
                disabled={busy !== null || !canResend}
                className={otp ? cls.secondary : cls.primary}
              >
                {busy === "otp" ? <Spinner /> : null}
                {busy === "otp" ? t.sendingCode : otp ? t.resendCode : t.sendCode}
              </button>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby={`${ids}-approve`} className={cls.card} hidden={stage !== "approve"}>
        <h2 id={`${ids}-approve`} ref={refTo("approve")} tabIndex={-1} className={cls.h2}>
          {t.stepApprove}
        </h2>
        <div className="mt-3 space-y-3">
          <Tick
            checked={read}
            onChange={(v) => dispatch({ type: "input", patch: { read: v } })}
            label={t.readLabel}
            text={t.readText}
            disabled={!textSeen}
            describedBy={textSeen ? undefined : `${ids}-read-hint`}
            inputRef={readBox}
          />
          {!textSeen ? <ReadHint t={t} id={`${ids}-read-hint`} onJump={jumpToEnd} /> : null}
          <Tick checked={understood} onChange={(v) => dispatch({ type: "input", patch: { understood: v } })} label={t.understoodLabel} text={t.understoodText} />
        </div>
        {clauseStep.element}

        {asking ? (
          <TeachBack
            t={t}
            id={ids}
            token={token}
            questions={questions}
            language={textLanguage}
            onDone={() => {
              setTeachBackDone(true);
              requestAnimationFrame(() => signatureHeading.current?.focus());
            }}
          />
        ) : null}
        <div hidden={asking}>
          <h2 ref={signatureHeading} tabIndex={-1} className={`${cls.h2} mt-6`}>{t.stepSignature}</h2>
          <p id={`${ids}-sig-help`} className="mt-1 text-slate-700" hidden={method !== "drawn"}>
            {t.signatureHelp}
          </p>
          <button ref={methodButton} type="button" onClick={switchMethod} disabled={busy !== null} className={`${cls.secondary} mt-3`} data-testid="signature-method">
            {method === "drawn" ? t.typeInstead : t.drawInstead}
          </button>
          <div className="mt-3" hidden={method !== "drawn"}>
            <SignatureField t={t} ref={sigRef} empty={sigEmpty} onChange={(v) => dispatch({ type: "input", patch: { sigEmpty: v } })} disabled={busy !== null} describedBy={`${ids}-sig-help`} />
          </div>
          {method === "typed" ? (
            <div className="mt-3">
              <TypedSignature t={t} id={ids} inputRef={typedInput} value={typedName} onChange={setTypedName} disabled={busy !== null} />
            </div>
          ) : null}
          {/* Then, on the same device, the interpreter (decisions §17) and after them the witness (§19). */}
          {interpreterName ? (
            <PartySignature
              t={t}
              id={ids}
              party="interpreter"
              heading={t.interpreterHeading(interpreterName)}
              help={t.interpreterHelp}
              padRef={interpreterRef}
              empty={interpreterEmpty}
              onChange={(v) => dispatch({ type: "input", patch: { interpreterEmpty: v } })}
              disabled={busy !== null}
            />
          ) : null}
          {witnessName ? (
            <PartySignature
              t={t}
              id={ids}
              party="witness"
              heading={t.witnessHeading(witnessName)}
              help={t.witnessHelp}
              padRef={witnessRef}
              empty={witnessEmpty}
              onChange={(v) => dispatch({ type: "input", patch: { witnessEmpty: v } })}
              disabled={busy !== null}
            />
          ) : null}

          <div className="mt-6">
            {missing.length > 0 ? (
              <p id={`${ids}-missing`} className="mb-3 text-sm text-slate-700">
                {t.missingIntro} {missing.join(", ")}.
              </p>
            ) : null}
            <button
              type="button"
              onClick={approve}
              disabled={busy !== null || missing.length > 0}
              aria-describedby={missing.length > 0 ? `${ids}-missing` : undefined}
              className={cls.primary}
            >
              {busy === "sign" ? <Spinner /> : null}
              {busy === "sign" ? t.approving : t.approve}
            </button>
            <div role="alert">{state.signProblem ? <p className={`${cls.alert} mt-3`}>{problemText(t, state.signProblem)}</p> : null}</div>
          </div>
        </div>

        <div className="mt-6 border-t border-slate-200 pt-5">
          <button
            ref={refTo("declineButton")}
            type="button"
            onClick={() => dispatch({ type: "go", stage: "decline-reason" })}
            disabled={busy !== null}
            className={cls.dangerOutline}
          >
            {t.decline}
          </button>
        </div>
      </section>

      {stage === "decline-reason" ? (
        <DeclineReason
          t={t}
          id={ids}
          headingRef={refTo("decline")}
          reason={reason}
          onReason={(v) => dispatch({ type: "input", patch: { reason: v } })}
          onContinue={() => dispatch({ type: "go", stage: "decline-confirm" })}
          onCancel={() => dispatch({ type: "go", stage: "approve" })}
        />
      ) : null}

      {stage === "decline-confirm" ? (
        <DeclineConfirm
          t={t}
          id={ids}
          headingRef={refTo("confirm")}
          reason={reason.trim()}
          busy={busy === "decline"}
          problem={state.declineProblem}
          onConfirm={decline}
          onBack={() => dispatch({ type: "go", stage: "decline-reason" })}
        />
      ) : null}
    </div>
  );
}
