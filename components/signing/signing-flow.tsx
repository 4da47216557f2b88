"use client";
// The interactive part of the signing page, the only JavaScript it ships: verify the phone with an
// SMS code, tick "read" and "understood", draw a signature and approve — or decline with a reason.
// The server decides everything; this component only maps its answers to the person's language.
import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { CodeInput, DeclineConfirm, DeclineReason, Done, Tick } from "./flow-panels";
import { messages, type Lang } from "./messages";
import { problemText, type Problem } from "./problems";
import { declineConsent, requestOtp, signConsent, verifyOtp, type Failure } from "./signing-api";
import { SignatureField, type SignatureHandle } from "./signature-field";
import { cls, Spinner } from "./ui";

type Stage = "verify" | "approve" | "decline-reason" | "decline-confirm" | "signed" | "declined";
type Busy = null | "otp" | "verify" | "sign" | "decline";
type Notice = null | "sent" | "recent";

interface Otp {
  phone: string;
  /** ms epoch; null when unknown (a code sent before this page was loaded) */
  expiresAt: number | null;
  resendAt: number;
}

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

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
}

export function SigningFlow({ token, lang, phoneMasked, verified: verifiedOnServer, locked, interpreterName }: Props) {
  const t = messages[lang];
  const router = useRouter();
  const ids = useId();

  const [stage, setStage] = useState<Stage>(verifiedOnServer ? "approve" : "verify");
  const [busy, setBusy] = useState<Busy>(null);
  const [otp, setOtp] = useState<Otp | null>(null);
  const [now, setNow] = useState(0);
  const [code, setCode] = useState("");
  const [needNewCode, setNeedNewCode] = useState(locked);
  const [linkLocked, setLinkLocked] = useState(locked);
  const [notice, setNotice] = useState<Notice>(null);
  const [otpProblem, setOtpProblem] = useState<Problem>(locked ? { kind: "linkLocked" } : null);
  const [read, setRead] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [sigEmpty, setSigEmpty] = useState(true);
  const [interpreterEmpty, setInterpreterEmpty] = useState(true);
  const [signProblem, setSignProblem] = useState<Problem>(null);
  const [reason, setReason] = useState("");
  const [declineProblem, setDeclineProblem] = useState<Problem>(null);
  const [doneAt, setDoneAt] = useState("");

  const sigRef = useRef<SignatureHandle>(null);
  const interpreterRef = useRef<SignatureHandle>(null);
  const verifyHeading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const approveHeading = useRef<HTMLHeadingElement>(null);
  const declineHeading = useRef<HTMLHeadingElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);

  // Focus moves to the next step once it is on screen (after the render that shows it).
  const pendingFocus = useRef<HTMLElement | null | (() => HTMLElement | null)>(null);
  useEffect(() => {
    const p = pendingFocus.current;
    if (!p) return;
    pendingFocus.current = null;
    const el = typeof p === "function" ? p() : p;
    el?.focus();
  });
  const focusLater = (get: () => HTMLElement | null) => {
    pendingFocus.current = get;
  };

  const verified = stage !== "verify";
  useEffect(() => {
    if (!otp || verified) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [otp, verified]);

  const closed = () => router.refresh();

  const common = (r: Failure): Problem => {
    if (r.status === 0) return { kind: "network" };
    if (r.status === 404 || (r.status === 409 && r.reason === "closed")) {
      closed();
      return { kind: "closed" };
    }
    return { kind: "generic" };
  };

  async function sendCode() {
    setBusy("otp");
    setOtpProblem(null);
    setNotice(null);
    const r = await requestOtp(token);
    setBusy(null);
    const at = Date.now();
    setNow(at);
    if (r.ok) {
      setOtp({ phone: r.data.phone, expiresAt: at + r.data.expires_in * 1000, resendAt: at + r.data.retry_after * 1000 });
      setNeedNewCode(false);
      setCode("");
      setNotice("sent");
      focusLater(() => codeInput.current);
      return;
    }
    if (r.status === 429 && r.reason === "link_locked") return lockLink();
    if (r.status === 429 && r.reason !== "otp_wait" && r.reason !== null) {
      // The hourly caps (per link, per phone): a wait of minutes, said as such.
      setOtpProblem({ kind: "tooMany", seconds: r.retryAfter ?? 3600 });
      setOtp((o) => (o ? { ...o, resendAt: at + (r.retryAfter ?? 3600) * 1000 } : o));
      return;
    }
    if (r.status === 429) {
      // A code went out less than a minute ago (perhaps before a reload): it can still be entered.
      setOtp((o) => ({ phone: o?.phone ?? phoneMasked, expiresAt: o?.expiresAt ?? null, resendAt: at + (r.retryAfter ?? 60) * 1000 }));
      setNotice("recent");
      focusLater(() => codeInput.current);
      return;
    }
    setOtpProblem(r.status === 503 ? { kind: "smsFailed" } : common(r));
  }

  async function submitCode(e: React.FormEvent) {
    e.preventDefault();
    if (busy || needNewCode) return;
    if (!/^\d{6}$/.test(code)) {
      setOtpProblem({ kind: "format" });
      codeInput.current?.focus();
      return;
    }
    setBusy("verify");
    setOtpProblem(null);
    const r = await verifyOtp(token, code);
    setBusy(null);
    if (r.ok) {
      setStage("approve");
      // The server now renders the consent text and details for this browser (decisions §15).
      router.refresh();
      focusLater(() => approveHeading.current);
      return;
    }
    setCode("");
    if (r.status === 429 && r.reason === "link_locked") return lockLink();
    focusLater(() => codeInput.current);
    if (r.status === 422) {
      if (r.attemptsLeft === null) setOtpProblem({ kind: "format" });
      else if (r.attemptsLeft > 0) setOtpProblem({ kind: "wrong", left: r.attemptsLeft });
      else {
        setNeedNewCode(true);
        setOtpProblem({ kind: "locked" });
      }
      return;
    }
    if (r.status === 409 && (r.reason === "otp_locked" || r.reason === "otp_expired" || r.reason === "otp_missing")) {
      setNeedNewCode(true);
      setOtpProblem({ kind: r.reason === "otp_locked" ? "locked" : r.reason === "otp_expired" ? "expired" : "missing" });
      return;
    }
    setOtpProblem(common(r));
  }

  // Too many codes or wrong entries: nothing more to do here but call the institution.
  const lockLink = () => {
    setLinkLocked(true);
    setNeedNewCode(true);
    setOtpProblem({ kind: "linkLocked" });
  };

  // The verified session is gone (it expired): back to step 1, keeping the ticks and the drawing.
  const needsOtpAgain = (set: (p: Problem) => void) => {
    set(null);
    setStage("verify");
    setNotice(null);
    setNeedNewCode(true);
    setOtpProblem({ kind: "otpRequired" });
    focusLater(() => verifyHeading.current);
  };

  async function approve() {
    const signature = sigRef.current?.toDataURL() ?? null;
    const interpreterSignature = interpreterName ? (interpreterRef.current?.toDataURL() ?? null) : null;
    if (busy || !read || !understood || !signature || (interpreterName && !interpreterSignature)) return;
    setBusy("sign");
    setSignProblem(null);
    const r = await signConsent(token, signature, interpreterSignature);
    setBusy(null);
    if (r.ok) {
      setDoneAt(r.data.signed_at);
      setStage("signed");
      focusLater(() => doneHeading.current);
      return;
    }
    if (r.status === 401) return needsOtpAgain(setSignProblem);
    if (r.status === 422) return setSignProblem({ kind: "signInvalid" });
    setSignProblem(common(r));
  }

  async function decline() {
    if (busy) return;
    setBusy("decline");
    setDeclineProblem(null);
    const r = await declineConsent(token, reason.trim());
    setBusy(null);
    if (r.ok) {
      setDoneAt(r.data.rejected_at);
      setStage("declined");
      focusLater(() => doneHeading.current);
      return;
    }
    if (r.status === 401) return needsOtpAgain(setDeclineProblem);
    setDeclineProblem(common(r));
  }

  if (stage === "signed" || stage === "declined") {
    return <Done t={t} lang={lang} id={ids} headingRef={doneHeading} signed={stage === "signed"} at={doneAt} />;
  }

  const resendLeft = otp ? Math.ceil((otp.resendAt - now) / 1000) : 0;
  const codeLeft = otp?.expiresAt != null ? otp.expiresAt - now : null;
  const canResend = !linkLocked && (!otp || resendLeft <= 0);
  const otpError = problemText(t, otpProblem);
  const missing = [!read && t.missingRead, !understood && t.missingUnderstood, sigEmpty && t.missingSignature, interpreterName && interpreterEmpty && t.missingInterpreter].filter(
    (x): x is string => typeof x === "string",
  );

  return (
    <div className="space-y-4">
      <section aria-labelledby={`${ids}-verify`} className={cls.card}>
        <h2 id={`${ids}-verify`} ref={verifyHeading} tabIndex={-1} className={cls.h2}>
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
            <p className="mt-2 text-slate-700">{t.verifyIntro(otp?.phone ?? phoneMasked)}</p>
            <div role="status">
              {notice === "sent" && otp ? <p className={`${cls.info} mt-3`}>{t.codeSent(otp.phone)}</p> : null}
              {notice === "recent" ? <p className={`${cls.info} mt-3`}>{t.codeRecentlySent}</p> : null}
            </div>
            <div role="alert">{otpError ? <p className={`${cls.alert} mt-3`}>{otpError}</p> : null}</div>

            {otp ? (
              <form onSubmit={submitCode} noValidate className="mt-4" aria-busy={busy === "verify"}>
                <CodeInput
                  t={t}
                  id={ids}
                  inputRef={codeInput}
                  value={code}
                  onChange={setCode}
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
              {otp && !linkLocked && resendLeft > 0 ? (
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
        <h2 id={`${ids}-approve`} ref={approveHeading} tabIndex={-1} className={cls.h2}>
          {t.stepApprove}
        </h2>
        <div className="mt-3 space-y-3">
          <Tick checked={read} onChange={setRead} label={t.readLabel} text={t.readText} />
          <Tick checked={understood} onChange={setUnderstood} label={t.understoodLabel} text={t.understoodText} />
        </div>

        <h2 className={`${cls.h2} mt-6`}>{t.stepSignature}</h2>
        <p id={`${ids}-sig-help`} className="mt-1 text-slate-700">
          {t.signatureHelp}
        </p>
        <div className="mt-3">
          <SignatureField t={t} ref={sigRef} empty={sigEmpty} onChange={setSigEmpty} disabled={busy !== null} describedBy={`${ids}-sig-help`} />
        </div>
        {interpreterName ? (
          <>
            <h2 className={`${cls.h2} mt-6`}>{t.interpreterHeading(interpreterName)}</h2>
            <p id={`${ids}-int-help`} className="mt-1 text-slate-700">
              {t.interpreterHelp}
            </p>
            <div className="mt-3" data-pad="interpreter">
              <SignatureField t={t} ref={interpreterRef} empty={interpreterEmpty} onChange={setInterpreterEmpty} disabled={busy !== null} describedBy={`${ids}-int-help`} />
            </div>
          </>
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
          <div role="alert">{signProblem ? <p className={`${cls.alert} mt-3`}>{problemText(t, signProblem)}</p> : null}</div>
        </div>

        <div className="mt-6 border-t border-slate-200 pt-5">
          <button
            ref={declineButton}
            type="button"
            onClick={() => {
              setStage("decline-reason");
              focusLater(() => declineHeading.current);
            }}
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
          headingRef={declineHeading}
          reason={reason}
          onReason={setReason}
          onContinue={() => {
            setStage("decline-confirm");
            focusLater(() => confirmHeading.current);
          }}
          onCancel={() => {
            setStage("approve");
            focusLater(() => declineButton.current);
          }}
        />
      ) : null}

      {stage === "decline-confirm" ? (
        <DeclineConfirm
          t={t}
          id={ids}
          headingRef={confirmHeading}
          reason={reason.trim()}
          busy={busy === "decline"}
          problem={declineProblem}
          onConfirm={decline}
          onBack={() => {
            setStage("decline-reason");
            focusLater(() => declineHeading.current);
          }}
        />
      ) : null}
    </div>
  );
}
