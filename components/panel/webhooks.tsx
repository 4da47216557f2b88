"use client";
// The webhook settings form (address, events, signing secret: reveal, rotate; send a test event) and
// the resend button of the delivery history.
import { createContext, useContext, useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { WEBHOOK_EVENTS, DEFAULT_WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import {
  resendDeliveryAction,
  revealSecretAction,
  rotateSecretAction,
  saveWebhookAction,
  sendTestEventAction,
  type AttemptSummary,
} from "@/lib/actions/webhooks";
import type { ActionResult } from "@/lib/actions/action-result";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { CopyButton } from "@/components/panel/copy-button";
import { Field, FieldError } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";
import { asSentence } from "@/lib/i18n/format";
import { deliveryErrorText, refusalText } from "@/components/panel/webhook-errors";

const schema = z.object({
  url: z.string().trim().url("geçerli bir URL olmalı"),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, "en az bir olay seçilmeli"),
});

type Notice = { kind: "ok" | "error"; text: string } | null;

function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p role={notice.kind === "error" ? "alert" : "status"} className={notice.kind === "error" ? ui.alert : ui.success}>
      {notice.text}
    </p>
  );
}

function SecretBox({ secret, title, lang }: { secret: string; title: string; lang: Lang }) {
  const t = panelMessages[lang];
  return (
    <div className="rounded-lg border-2 border-amber-500 bg-amber-50 p-3" data-testid="webhook-secret">
      <p className="text-sm font-medium">{title}</p>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <code className={ui.mono} data-testid="webhook-secret-value">
          {secret}
        </code>
        <CopyButton text={secret} lang={lang} label={`${t.common.copy}: ${t.webhooks.secret}`} />
      </p>
    </div>
  );
}

export function WebhookSettings(props: { lang: Lang; initial: { url: string; events: string[] } | null; previousValidUntil: string | null }) {
  const t = panelMessages[props.lang];
  const w = t.webhooks;
  const router = useRouter();
  const [notice, setNotice] = useState<Notice>(null);
  const [secret, setSecret] = useState<{ value: string; fresh: boolean } | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [pending, start] = useTransition();
  const defaultValues = {
    url: props.initial?.url ?? "",
    events: (props.initial?.events ?? DEFAULT_WEBHOOK_EVENTS) as (typeof WEBHOOK_EVENTS)[number][],
  };
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), defaultValues });
  const fail = (r: ActionResult<unknown> | null) =>
    // The service names the same refusal as its message and as the field's error: said once.
    setNotice({ kind: "error", text: r && !r.ok ? refusalText(r.message, r.fieldErrors, asSentence) : t.common.unexpected });

  const onSubmit = handleSubmit(async (v) => {
    setNotice(null);
    const r = await saveWebhookAction(v.url, v.events).catch(() => null);
    if (!r?.ok) return fail(r);
    setNotice({ kind: "ok", text: w.saved });
    if (r.data.secret) setSecret({ value: r.data.secret, fresh: true });
    router.refresh();
  });
  const run = <T,>(action: () => Promise<ActionResult<T>>, done: (data: T) => void) =>
    start(async () => {
      setNotice(null);
      const r = await action().catch(() => null);
      if (r?.ok) done(r.data);
      else fail(r);
    });
  const reportAttempt = (a: AttemptSummary) =>
    setNotice(a.status === "delivered" ? { kind: "ok", text: w.testOk(String(a.statusCode)) } : { kind: "error", text: w.testFailed(deliveryErrorText(a.error, props.lang)) });
  const e = formState.errors;

  return (
    <div className="mt-4 space-y-4">
      <form onSubmit={onSubmit} noValidate className={`${ui.card} space-y-3`} aria-label={w.title}>
        <p className={ui.muted}>{w.intro}</p>
        <NoticeLine notice={notice} />
        <Field id="wh-url" label={w.url} error={e.url?.message}>
          {(control) => <input defaultValue={defaultValues.url} type="url" inputMode="url" autoComplete="off" {...control} {...register("url")} />}
        </Field>
        <fieldset>
          <legend className={ui.label}>{w.events}</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" value={ev} defaultChecked={defaultValues.events.includes(ev)} className="size-5 shrink-0" {...register("events")} />
              {w.eventNames[ev] ?? ev}
            </label>
          ))}
          <FieldError text={e.events?.message} />
        </fieldset>
        <SubmitButton pending={formState.isSubmitting} label={w.save} pendingLabel={w.saving} />
      </form>

      {props.initial ? (
        <section className={`${ui.card} space-y-3`} aria-labelledby="wh-secret">
          <h2 id="wh-secret" className={ui.h2}>
            {w.secret}
          </h2>
          <p className={ui.muted}>{w.secretHint}</p>
          {props.previousValidUntil ? <p className={ui.muted}>{w.previousValid(props.previousValidUntil)}</p> : null}
          {secret ? <SecretBox secret={secret.value} title={secret.fresh ? w.newSecret : w.secret} lang={props.lang} /> : null}
          <div className="flex flex-wrap gap-2">
            {secret && !secret.fresh ? (
              <button type="button" className={ui.secondary} onClick={() => setSecret(null)}>
                {w.hide}
              </button>
            ) : (
              <SubmitButton type="button" variant="secondary" pending={pending} label={w.reveal} pendingLabel={t.common.loading} onClick={() => run(revealSecretAction, (d) => setSecret({ value: d.secret, fresh: false }))} />
            )}
            {!confirmRotate ? (
              <button type="button" className={ui.secondary} onClick={() => setConfirmRotate(true)}>
                {w.rotate}
              </button>
            ) : null}
            <SubmitButton type="button" variant="secondary" pending={pending} label={w.test} pendingLabel={w.testing} onClick={() => run(sendTestEventAction, (a) => (reportAttempt(a), router.refresh()))} />
          </div>
          {confirmRotate ? (
            <div role="group" aria-label={w.rotate} className="space-y-2 rounded-lg border border-amber-400 p-3">
              <p className="text-sm">{w.rotateConfirm}</p>
              <div className="flex flex-wrap gap-2">
                <SubmitButton
                  type="button"
                  pending={pending}
                  label={w.rotateYes}
                  pendingLabel={w.rotating}
                  onClick={() =>
                    run(rotateSecretAction, (d) => {
                      setConfirmRotate(false);
                      if (d.secret) setSecret({ value: d.secret, fresh: true });
                      router.refresh();
                    })
                  }
                />
                <button type="button" className={ui.secondary} onClick={() => setConfirmRotate(false)} disabled={pending}>
                  {t.common.cancel}
                </button>
              </div>
            </div>
          ) : null}
        </section>
      ) : (
        <p className={ui.card}>{w.notSet}</p>
      )}
    </div>
  );
}

/**
 * The delivery history's notice line. A resend's outcome is shown here, above the list, not in its
 * row: a resent delivery can leave the filtered list (failed → delivered) when the page refreshes.
 */
const HistoryNotice = createContext<(n: Notice) => void>(() => {});

export function DeliveryHistory({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <HistoryNotice.Provider value={setNotice}>
      <div className="mt-3" aria-live="polite">
        <NoticeLine notice={notice} />
      </div>
      {children}
    </HistoryNotice.Provider>
  );
}

export function ResendDeliveryButton({ id, lang }: { id: string; lang: Lang }) {
  const w = panelMessages[lang].webhooks;
  const router = useRouter();
  const [pending, start] = useTransition();
  const setNotice = useContext(HistoryNotice);
  return (
    <SubmitButton
      type="button"
      variant="secondary"
      pending={pending}
      label={w.resend}
      pendingLabel={w.resending}
      onClick={() =>
        start(async () => {
          setNotice(null);
          const r = await resendDeliveryAction(id).catch(() => null);
          const text = !r?.ok
            ? w.resendFailed(r && !r.ok ? r.message : "")
            : r.data.status === "delivered"
              ? w.resent(String(r.data.statusCode))
              : w.resendFailed(deliveryErrorText(r.data.error, lang));
          setNotice({ kind: r?.ok && r.data.status === "delivered" ? "ok" : "error", text: `#${id}: ${text}` });
          router.refresh();
        })
      }
    />
  );
}
