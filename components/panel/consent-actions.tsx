"use client";
// Cancel, resend, withdraw and a refusal on record, each behind a confirmation step, and "retry timestamp".
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { cancelConsentAction, resendConsentAction, retryTimestampAction, withdrawConsentAction } from "@/lib/actions/consents";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";
import { RefusalConfirm } from "@/components/panel/refusal-confirm";

type Confirming = "cancel" | "resend" | "withdraw" | "refuse" | null;

/** A destructive step confirmed with an optional reason (cancel, withdraw). */
function ReasonConfirm(props: {
  id: string;
  question: string;
  reasonLabel: string;
  yes: string;
  pendingLabel: string;
  back: string;
  pending: boolean;
  disabled: boolean;
  onConfirm: (reason: string) => void;
  onBack: () => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <div role="group" aria-labelledby={`${props.id}-q`} className="space-y-2 rounded-lg border border-red-300 p-3">
      <p id={`${props.id}-q`} className="text-sm font-medium">
        {props.question}
      </p>
      <Field id={`${props.id}-reason`} label={props.reasonLabel}>
        {(control) => <input {...control} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton type="button" variant="danger" pending={props.pending} label={props.yes} pendingLabel={props.pendingLabel} onClick={() => props.onConfirm(reason)} />
        <button type="button" className={ui.secondary} onClick={props.onBack} disabled={props.disabled}>
          {props.back}
        </button>
      </div>
    </div>
  );
}

/** `awaitingPhysician`: signed by the person, the countersignature awaited (decisions §19): the institution may still cancel. */
export function ConsentActions(props: { id: string; lang: Lang; open: boolean; awaitingPhysician: boolean; withdrawable: boolean; canRetryTimestamp: boolean }) {
  const t = panelMessages[props.lang];
  const router = useRouter();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const [running, setRunning] = useState<string | null>(null);

  const run = (name: "cancel" | "withdraw" | "resend" | "ts", fn: () => Promise<{ ok: boolean; message?: string; data?: unknown }>) => {
    setRunning(name);
    start(async () => {
      try {
        const r = await fn();
        const data = r.data as { ok?: boolean; message?: string } | undefined;
        // Each result says what happened; the retried time-stamp answers with its own message.
        if (r.ok && data?.message) setMessage({ ok: data.ok !== false, text: data.message });
        else if (r.ok && name !== "ts") setMessage({ ok: true, text: t.consents.done[name] });
        else setMessage({ ok: false, text: r.message ?? t.common.error });
        if (r.ok) setConfirming(null);
        router.refresh();
      } catch {
        setMessage({ ok: false, text: t.common.unexpected });
      }
      setRunning(null);
    });
  };

  // The two steps that take a reason: cancelling an open consent, recording a withdrawal of a signed one.
  const reasoned = {
    cancel: {
      question: t.consents.cancelConfirm,
      reasonLabel: t.consents.cancelReasonLabel,
      yes: t.consents.cancelYes,
      pendingLabel: t.consents.cancelling,
    },
    withdraw: {
      question: t.consents.withdrawConfirm,
      reasonLabel: t.consents.withdrawReasonLabel,
      yes: t.consents.withdrawYes,
      pendingLabel: t.consents.withdrawing,
    },
  };
  const reasonedAction = { cancel: cancelConsentAction, withdraw: withdrawConsentAction };

  // A closed consent with nothing left to do has no card, unless it shows the outcome of the last action.
  if (!props.open && !props.awaitingPhysician && !props.withdrawable && !props.canRetryTimestamp && !message) return null;
  return (
    <section className={`${ui.card} space-y-3`} data-testid="consent-actions">
      <FormMessage text={message?.text} ok={message?.ok} testId="action-message" />
      {props.open && confirming === null ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ui.danger} onClick={() => setConfirming("cancel")}>
            {t.consents.cancel}
          </button>
          <button type="button" className={ui.secondary} onClick={() => setConfirming("resend")}>
            {t.consents.resend}
          </button>
          <button type="button" className={ui.secondary} onClick={() => setConfirming("refuse")}>
            {t.physician.refusal.open}
          </button>
        </div>
      ) : null}
      {props.open && confirming === "refuse" ? (
        <RefusalConfirm
          id={props.id}
          lang={props.lang}
          onBack={() => setConfirming(null)}
          onDone={(text) => {
            setConfirming(null);
            setMessage({ ok: true, text });
            router.refresh();
          }}
        />
      ) : null}
      {props.awaitingPhysician && confirming === null ? (
        <button type="button" className={ui.danger} onClick={() => setConfirming("cancel")}>
          {t.consents.cancel}
        </button>
      ) : null}
      {props.withdrawable && confirming === null ? (
        <button type="button" className={ui.danger} onClick={() => setConfirming("withdraw")}>
          {t.consents.withdraw}
        </button>
      ) : null}
      {((props.open || props.awaitingPhysician) && confirming === "cancel") || (props.withdrawable && confirming === "withdraw") ? (
        <ReasonConfirm
          id={confirming}
          {...reasoned[confirming]}
          back={t.common.cancel}
          pending={pending && running === confirming}
          disabled={pending}
          onConfirm={(reason) => run(confirming, () => reasonedAction[confirming](props.id, reason))}
          onBack={() => setConfirming(null)}
        />
      ) : null}
      {props.open && confirming === "resend" ? (
        <div role="group" aria-labelledby="resend-q" className="space-y-2 rounded-lg border border-slate-300 p-3">
          <p id="resend-q" className="text-sm font-medium">
            {t.consents.resendConfirm}
          </p>
          <div className="flex flex-wrap gap-2">
            <SubmitButton
              type="button"
              pending={pending && running === "resend"}
              label={t.consents.resendYes}
              pendingLabel={t.consents.resending}
              onClick={() => run("resend", () => resendConsentAction(props.id))}
            />
            <button type="button" className={ui.secondary} onClick={() => setConfirming(null)} disabled={pending}>
              {t.common.cancel}
            </button>
          </div>
        </div>
      ) : null}
      {props.canRetryTimestamp ? (
        <SubmitButton
          type="button"
          variant="secondary"
          pending={pending && running === "ts"}
          label={t.consents.retryTs}
          pendingLabel={t.consents.retrying}
          onClick={() => run("ts", () => retryTimestampAction(props.id))}
        />
      ) : null}
    </section>
  );
}
