"use client";
// Under a completed consent's outcome, what its link still offers the person, each after a new SMS
// code: their signed copy (decisions §19: on another phone, days later, once the physician signed)
// and "withdraw my consent" (§18). One code serves both. The server decides everything (a session
// for the copy, a code verified after the signature for the withdrawal, the consent still completed);
// this component only walks the person through it in their language.
import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { CodeInput } from "./flow-panels";
import { messages, type Lang } from "./messages";
import { problemText, type Problem } from "./problems";
import { requestOtp, verifyOtp, withdrawConsent, type Failure } from "./signing-api";
import { cls, DocumentLink, Spinner } from "./ui";
import { isolateLtr } from "@/lib/i18n/languages";

type Intent = "copy" | "withdraw";
type Focus = "code" | "copy" | "reason";

interface Props {
  token: string;
  lang: Lang;
  phoneMasked: string;
  /** this browser's session already reaches the copy (the outcome above links to it) */
  hasCopy: boolean;
  /** this browser verified a code after the signature: the withdrawal needs no other */
  sinceSignature: boolean;
}

export function SignedLinkActions({ token, lang, phoneMasked, hasCopy, sinceSignature }: Props) {
  const t = messages[lang];
  const router = useRouter();
  const id = useId();
  const [verified, setVerified] = useState(sinceSignature);
  /** the card whose code form is on screen: a code was sent (either card may take it) */
  const [codeFor, setCodeFor] = useState<Intent | null>(null);
  const [notice, setNotice] = useState<"sent" | "recent">("sent");
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

  async function start(intent: Intent) {
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
    if (codeFor) {
      setCodeFor(intent);
      setFocus({ target: "code" });
      return;
    }
    setBusy(intent);
    const r = await requestOtp(token);
    setBusy(null);
    if (r.ok || (r.status === 429 && r.reason === "otp_wait")) {
      // otp_wait: a code went out less than a minute ago (perhaps before a reload); it can be entered.
      setNotice(r.ok ? "sent" : "recent");
      setCode("");
      setCodeFor(intent);
      setFocus({ target: "code" });
    } else {
      setProblem({ on: intent, problem: failed(r) });
    }
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
      if (intent === "withdraw") setWithdrawStage("confirm");
      // The copy's link appears in its card whichever card took the code.
      setFocus({ target: intent === "withdraw" ? "reason" : "copy" });
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
          {notice === "sent" ? t.codeSent(isolateLtr(phoneMasked)) : t.codeRecentlySent}
        </p>
        <CodeInput t={t} id={id} inputRef={codeInput} value={code} invalid={problem?.on === intent && problem.problem !== null} onChange={setCode} />
        <button type="submit" className={cls.primary} disabled={busy !== null}>
          {busy ? <Spinner /> : null}
          {busy ? t.verifying : t.verify}
        </button>
      </form>
    ) : null;

  return (
    <>
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
            <button type="button" className={`mt-4 ${cls.primary}`} disabled={busy !== null} onClick={() => void start("copy")}>
              {busy === "copy" ? <Spinner /> : null}
              {busy === "copy" ? t.sendingCode : t.copyStart}
            </button>
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
          <button type="button" className={`mt-4 ${cls.dangerOutline}`} disabled={busy !== null} onClick={() => void start("withdraw")}>
            {busy === "withdraw" ? <Spinner /> : null}
            {busy === "withdraw" ? t.sendingCode : t.withdrawStart}
          </button>
        ) : null}
        {codeForm("withdraw")}
        {withdrawStage === "confirm" ? (
          <div className="mt-4 space-y-3">
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
            <button type="button" className={cls.danger} disabled={busy !== null} onClick={() => void withdraw()}>
              {busy === "withdraw" ? <Spinner /> : null}
              {busy === "withdraw" ? t.withdrawing : t.withdrawConfirm}
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}
