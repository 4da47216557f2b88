"use client";
// Under a signed consent's outcome (decisions §18): "withdraw my consent" after a new SMS code. The
// server decides everything (a code verified after the signature, the consent still completed);
// this component only walks the person through it in their language.
import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { CodeInput } from "./flow-panels";
import { messages, type Lang } from "./messages";
import { problemText, type Problem } from "./problems";
import { requestOtp, verifyOtp, withdrawConsent, type Failure } from "./signing-api";
import { cls, Spinner } from "./ui";

type Stage = "offer" | "code" | "confirm" | "done";

export function WithdrawFlow({ token, lang, phoneMasked }: { token: string; lang: Lang; phoneMasked: string }) {
  const t = messages[lang];
  const router = useRouter();
  const id = useId();
  const [stage, setStage] = useState<Stage>("offer");
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<Problem>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const failed = (r: Failure): Problem => {
    if (r.status === 0) return { kind: "network" };
    if (r.status === 429 && r.reason === "link_locked") return { kind: "linkLocked" };
    if (r.status === 429) return { kind: "tooMany", seconds: r.retryAfter ?? 60 };
    if (r.status === 422 && r.attemptsLeft !== null) return r.attemptsLeft > 0 ? { kind: "wrong", left: r.attemptsLeft } : { kind: "locked" };
    if (r.status === 409 && r.reason === "otp_expired") return { kind: "expired" };
    if (r.status === 409 && r.reason === "otp_locked") return { kind: "locked" };
    if (r.status === 401) return { kind: "otpRequired" };
    if (r.status === 404 || (r.status === 409 && r.reason === "closed")) {
      router.refresh();
      return { kind: "closed" };
    }
    return { kind: "generic" };
  };

  async function step(run: () => Promise<{ ok: true } | Failure>, next: Stage) {
    setBusy(true);
    setProblem(null);
    const r = await run();
    setBusy(false);
    if (r.ok) {
      setStage(next);
      if (next === "code") setTimeout(() => codeInput.current?.focus(), 0);
      if (next === "done") router.refresh();
      return;
    }
    const p = failed(r);
    setProblem(p);
    // A code that can no longer be used: back to asking for a new one.
    if (p && (p.kind === "locked" || p.kind === "expired" || p.kind === "otpRequired")) setStage("offer");
  }

  const message = problemText(t, problem);
  return (
    <section aria-labelledby={`${id}-h`} className={`mt-6 ${cls.card}`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        {t.withdrawHeading}
      </h2>
      {stage === "done" ? (
        <p role="status" className="mt-2 text-slate-800">
          {t.withdrawDone}
        </p>
      ) : (
        <p className="mt-1 text-[0.95rem] text-slate-700">{t.withdrawIntro(phoneMasked)}</p>
      )}
      {message ? (
        <p role="alert" className={`mt-3 ${cls.alert}`}>
          {message}
        </p>
      ) : null}
      {stage === "offer" ? (
        <button type="button" className={`mt-4 ${cls.dangerOutline}`} disabled={busy} onClick={() => step(() => requestOtp(token), "code")}>
          {busy ? <Spinner /> : null}
          {busy ? t.sendingCode : t.withdrawStart}
        </button>
      ) : null}
      {stage === "code" ? (
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!/^\d{6}$/.test(code)) return setProblem({ kind: "format" });
            void step(() => verifyOtp(token, code), "confirm");
          }}
        >
          <p role="status" className="text-[0.95rem] text-slate-700">
            {t.codeSent(phoneMasked)}
          </p>
          <CodeInput t={t} id={id} inputRef={codeInput} value={code} invalid={problem !== null} onChange={setCode} />
          <button type="submit" className={cls.primary} disabled={busy}>
            {busy ? <Spinner /> : null}
            {busy ? t.verifying : t.verify}
          </button>
        </form>
      ) : null}
      {stage === "confirm" ? (
        <div className="mt-4 space-y-3">
          <label htmlFor={`${id}-reason`} className="block font-medium text-slate-900">
            {t.withdrawReasonLabel}
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={`block w-full rounded-xl border-2 border-slate-500 bg-white px-3 py-2 text-base text-slate-900 ${cls.focus}`}
          />
          <button type="button" className={cls.danger} disabled={busy} onClick={() => step(() => withdrawConsent(token, reason), "done")}>
            {busy ? <Spinner /> : null}
            {busy ? t.withdrawing : t.withdrawConfirm}
          </button>
        </div>
      ) : null}
    </section>
  );
}
