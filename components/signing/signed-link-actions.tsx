"use client";
// Under a completed consent's outcome, what its link still offers the person, each after a new SMS
// code: their signed copy (decisions §19: on another phone, days later, once the physician signed)
// and "withdraw my consent" (§18). One code serves both. The server decides everything (a session
// for the copy, a code verified after the signature for the withdrawal, the consent still completed);
// this component only walks the person through it in their language.
//
// The code the person entered when signing is used up: the page never asks for it again. It offers
// "send a new code", and while the server makes them wait (a lock after wrong codes, which ends by
// itself on a completed consent's link, issue #49, or the minute between codes) it counts down the
// server's Retry-After and enables the button when the wait is over.
import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { CodeInput } from "./flow-panels";
import { useMessages } from "./messages-context";
import { problemText, type Problem } from "./problems";
import { requestOtp, verifyOtp, withdrawConsent, type Failure } from "./signing-api";
import { cls, DocumentLink, Spinner } from "./ui";
import { isolateLtr } from "@/lib/i18n/languages";

type Intent = "copy" | "withdraw";
type Focus = "code" | "copy" | "reason";

/** "14:05", "0:45": the time left of a wait, the same way in every language. */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

interface Props {
  token: string;
  phoneMasked: string;
  /** this browser's session already reaches the copy (the outcome above links to it) */
  hasCopy: boolean;
  /** this browser verified a code after the signature: the withdrawal needs no other */
  sinceSignature: boolean;
}

export function SignedLinkActions({ token, phoneMasked, hasCopy, sinceSignature }: Props) {
  const t = useMessages();
  const router = useRouter();
  const id = useId();
  const [verified, setVerified] = useState(sinceSignature);
  /** the card whose code form is on screen: a code was sent (either card may take it) */
  const [codeFor, setCodeFor] = useState<Intent | null>(null);
  /** the card that last asked for a code on this page: its button then says "send a new code" */
  const [asked, setAsked] = useState<Intent | null>(null);
  /** the server's wait before another code (Retry-After), counted down; `locked`: after wrong codes */
  const [wait, setWait] = useState<{ on: Intent; until: number; locked: boolean } | null>(null);
  const [clockNow, setClockNow] = useState(0);
  /** what the live region says: the wait when it starts, and that a code may be asked when it ends */
  const [announce, setAnnounce] = useState("");
  const [withdrawStage, setWithdrawStage] = useState<"offer" | "confirm" | "done">("offer");
  const [busy, setBusy] = useState<Intent | null>(null);
  const [code, setCode] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<{ on: Intent; problem: Problem } | null>(null);
  // Focus moves to the next step once it is on screen (after the render that shows it).
  const [focus, setFocus] = useState<{ target: Focus } | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const copyLink = useRef<HTMLAnchorElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focus) ({ code: codeInput, copy: copyLink, reason: reasonInput })[focus.target].current?.focus();
  }, [focus]);

  const left = wait ? Math.max(0, Math.ceil((wait.until - clockNow) / 1000)) : 0;
  useEffect(() => {
    if (!wait) return;
    const timer = setInterval(() => {
      const at = Date.now();
      if (at >= wait.until) {
        setWait(null);
        setAnnounce(t.newCodeReady);
      } else setClockNow(at);
    }, 1000);
    return () => clearInterval(timer);
  }, [wait, t]);

  function startWait(on: Intent, seconds: number, locked: boolean) {
    const at = Date.now();
    setClockNow(at);
    setWait({ on, until: at + seconds * 1000, locked });
    setAnnounce(`${locked ? `${t.linkPaused} ` : ""}${t.newCodeIn(clock(seconds))}`);
  }

  /** A refusal that names its wait (a lock that ends by itself, too many codes): a countdown, not a message. */
  function waitFrom(intent: Intent, r: Failure): boolean {
    if (r.status !== 429 || r.retryAfter === null || r.retryAfter <= 0) return false;
    startWait(intent, Math.ceil(r.retryAfter), r.reason === "link_locked");
    return true;
  }

  const failed = (r: Failure): Problem => {
    if (r.status === 0) return { kind: "network" };
    if (r.status === 429 && r.reason === "link_locked") return { kind: "linkLocked" };
    if (r.status === 429) return { kind: "tooMany", seconds: r.retryAfter ?? 60 };
    if (r.status === 422 && r.attemptsLeft !== null) return r.attemptsLeft > 0 ? { kind: "wrong", left: r.attemptsLeft } : { kind: "locked" };
    if (r.status === 409 && r.reason === "otp_expired") return { kind: "expired" };
    if (r.status === 409 && r.reason === "otp_locked") return { kind: "locked" };
    if (r.status === 409 && r.reason === "otp_missing") return { kind: "missing" };
    if (r.status === 401) return { kind: "otpRequired" };
    if (r.status === 404 || (r.status === 409 && r.reason === "closed")) {
      router.refresh();
      return { kind: "closed" };
    }
    return { kind: "generic" };
  };

  async function start(intent: Intent, again = false) {
    setProblem(null);
    if (verified) {
      // Only the withdrawal still asks for something: the copy's link is already on screen.
      if (intent === "withdraw") {
        setWithdrawStage("confirm");
        setFocus({ target: "reason" });
      }
      return;
    }
    // A code already on its way serves the other card as well.
    if (codeFor && !again) {
      setCodeFor(intent);
      setFocus({ target: "code" });
      return;
    }
    if (wait) return;
    setBusy(intent);
    setAsked(intent);
    const r = await requestOtp(token);
    setBusy(null);
    if (r.ok) {
      setCode("");
      setCodeFor(intent);
      setFocus({ target: "code" });
      // The minute before another code, counted down beside "send a new code" under the form.
      startWait(intent, r.data.retry_after, false);
      setAnnounce("");
      return;
    }
    // otp_wait (a code went out less than a minute ago) is counted down as well: that code may be
    // the one used at signing, so the page does not ask for it.
    if (waitFrom(intent, r)) {
      setCodeFor(null);
      return;
    }
    setProblem({ on: intent, problem: failed(r) });
  }

  async function submitCode(e: React.FormEvent) {
    e.preventDefault();
    const intent = codeFor;
    if (!intent || busy) return;
    if (!/^\d{6}$/.test(code)) return setProblem({ on: intent, problem: { kind: "format" } });
    setBusy(intent);
    setProblem(null);
    const r = await verifyOtp(token, code);
    setBusy(null);
    setCode("");
    if (r.ok) {
      setVerified(true);
      setCodeFor(null);
      setWait(null);
      if (intent === "withdraw") setWithdrawStage("confirm");
      // The copy's link appears in its card whichever card took the code.
      setFocus({ target: intent === "withdraw" ? "reason" : "copy" });
      return;
    }
    if (waitFrom(intent, r)) {
      // The link paused after too many wrong codes: the code on screen is void, a new one comes after the wait.
      setCodeFor(null);
      return;
    }
    const p = failed(r);
    setProblem({ on: intent, problem: p });
    // A code that can no longer be used: back to asking for a new one.
    if (p && ["locked", "expired", "missing", "otpRequired", "linkLocked", "closed"].includes(p.kind)) setCodeFor(null);
    else setFocus({ target: "code" });
  }

  async function withdraw() {
    setBusy("withdraw");
    setProblem(null);
    const r = await withdrawConsent(token, reason);
    setBusy(null);
    if (r.ok) {
      setWithdrawStage("done");
      router.refresh();
      return;
    }
    const p = failed(r);
    setProblem({ on: "withdraw", problem: p });
    if (p?.kind === "otpRequired") {
      // The session ended (30 minutes): a new code again.
      setVerified(false);
      setWithdrawStage("offer");
    }
  }

  const alert = (intent: Intent) => {
    const text = problem?.on === intent ? problemText(t, problem.problem) : null;
    return text ? (
      <p role="alert" className={`mt-3 ${cls.alert}`}>
        {text}
      </p>
    ) : null;
  };

  const codeForm = (intent: Intent) =>
    codeFor === intent ? (
      <form className="mt-4 space-y-3" noValidate onSubmit={submitCode} aria-busy={busy !== null}>
        <p role="status" className="text-[0.95rem] text-slate-700">
          {t.codeSent(isolateLtr(phoneMasked))}
        </p>
        <CodeInput t={t} id={id} inputRef={codeInput} value={code} invalid={problem?.on === intent && problem.problem !== null} onChange={setCode} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={cls.primary} disabled={busy !== null}>
            {busy ? <Spinner /> : null}
            {busy ? t.verifying : t.verify}
          </button>
          {newCodeButton(intent, cls.secondary)}
        </div>
        {countdown(intent)}
      </form>
    ) : null;

  /** "Send a new code": disabled (not hidden) while the server's wait lasts, so the person sees what comes. */
  const newCodeButton = (intent: Intent, look: string, label = t.resendCode, again = true) => (
    <button
      type="button"
      className={look}
      disabled={busy !== null || (wait !== null && !verified)}
      aria-describedby={wait && !verified ? `${id}-${wait.on}-wait` : undefined}
      onClick={() => void start(intent, again)}
    >
      {busy === intent && codeFor === null ? <Spinner /> : null}
      {busy === intent && codeFor === null ? t.sendingCode : label}
    </button>
  );

  // The time left, visible and ticking (role timer: not read out each second); the live region
  // below announces the wait once and its end once.
  const countdown = (intent: Intent) =>
    wait?.on === intent ? (
      <div id={`${id}-${intent}-wait`} className={`mt-3 ${wait.locked ? cls.alert : cls.info}`}>
        {wait.locked ? <p>{t.linkPaused}</p> : null}
        <p role="timer" aria-atomic="true">
          {t.newCodeIn(clock(left))}
        </p>
      </div>
    ) : null;

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {hasCopy ? null : (
        <section aria-labelledby={`${id}-copy`} className={`mt-6 ${cls.card}`}>
          <h2 id={`${id}-copy`} className="text-lg font-semibold text-slate-900">
            {t.copyHeading}
          </h2>
          {verified ? (
            <>
              <p className={`${cls.ok} mt-3`}>{t.verified}</p>
              <DocumentLink href={`/s/${encodeURIComponent(token)}/document`} label={t.doneDownload} linkRef={copyLink} />
            </>
          ) : (
            <p className="mt-1 text-[0.95rem] text-slate-700">{t.copyIntro(isolateLtr(phoneMasked))}</p>
          )}
          {alert("copy")}
          {!verified && codeFor !== "copy" ? (
            <>
              {countdown("copy")}
              <div className="mt-4">{newCodeButton("copy", cls.primary, asked === "copy" ? t.resendCode : t.copyStart, false)}</div>
            </>
          ) : null}
          {codeForm("copy")}
        </section>
      )}

      <section aria-labelledby={`${id}-withdraw`} className={`mt-6 ${cls.card}`}>
        <h2 id={`${id}-withdraw`} className="text-lg font-semibold text-slate-900">
          {t.withdrawHeading}
        </h2>
        {withdrawStage === "done" ? (
          <p role="status" className="mt-2 text-slate-800">
            {t.withdrawDone}
          </p>
        ) : (
          <p className="mt-1 text-[0.95rem] text-slate-700">{verified ? t.withdrawIntroVerified : t.withdrawIntro(isolateLtr(phoneMasked))}</p>
        )}
        {alert("withdraw")}
        {withdrawStage === "offer" && codeFor !== "withdraw" ? (
          <>
            {verified ? null : countdown("withdraw")}
            <div className="mt-4">{newCodeButton("withdraw", cls.dangerOutline, asked === "withdraw" && !verified ? t.resendCode : t.withdrawStart, false)}</div>
          </>
        ) : null}
        {codeForm("withdraw")}
        {withdrawStage === "confirm" ? (
          <div className="mt-4 space-y-3" role="group" aria-labelledby={`${id}-withdraw`} aria-describedby={`${id}-consequence`}>
            {/* issue #51: what withdrawing means, said before the person confirms it. */}
            <p id={`${id}-consequence`} className={cls.info} data-testid="withdraw-consequence">
              {t.withdrawConsequence}
            </p>
            <label htmlFor={`${id}-reason`} className="block font-medium text-slate-900">
              {t.withdrawReasonLabel}
            </label>
            <textarea
              ref={reasonInput}
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={`block w-full rounded-xl border-2 border-slate-500 bg-white px-3 py-2 text-base text-slate-900 ${cls.focus}`}
            />
            <div className="flex flex-wrap gap-3">
              <button type="button" className={cls.danger} disabled={busy !== null} onClick={() => void withdraw()}>
                {busy === "withdraw" ? <Spinner /> : null}
                {busy === "withdraw" ? t.withdrawing : t.withdrawConfirm}
              </button>
              <button
                type="button"
                className={cls.secondary}
                disabled={busy !== null}
                onClick={() => {
                  // Back to the offer; the code verified stays good for a later withdrawal.
                  setWithdrawStage("offer");
                  setReason("");
                  setProblem(null);
                }}
              >
                {t.withdrawCancel}
              </button>
            </div>
          </div>
        ) : null}
      </section>
    </>
  );
}
