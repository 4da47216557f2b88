"use client";
// The physician's qualified countersignature in the panel (issue #48, decisions §24): with the card,
// through the e-onam-imza agent on this computer (found on 127.0.0.1:17345, paired once with the code
// it prints, the card's certificates listed, then prepare → the card signs → finish), or, when the
// institution configured one, with its remote signing service (CSC), where the server runs prepare →
// authorize/signHash → finish. Each step is shown as it runs; the PIN of a card is typed in the
// agent's own window, never here.
import { formatWhen } from "@/lib/i18n/format";
import { useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";
import { SigningSteps, type StepState } from "@/components/panel/signing-steps";
import { QualifiedCardSigning } from "@/components/panel/qualified-card-signing";
import { QualifiedRemoteSigning } from "@/components/panel/qualified-remote-signing";
import type { CountersignOutcome } from "@/lib/consents/countersign-as-physician";
import { CARD_STEPS, REMOTE_STEPS, type QualifiedFormContext } from "@/components/panel/qualified-context";

interface Props {
  id: string;
  lang: Lang;
  informed: { value: string; min: string; max: string };
  timeZone: string;
  signAs: { name: string | null; registrationNo: string | null };
  remote: boolean;
  consent: { initials: string; documentSha256: string };
}

export function QualifiedCountersignForm({ id, lang, informed, timeZone, signAs, remote, consent }: Props) {
  const m = panelMessages[lang].physician;
  const q = m.qualified;
  const [method, setMethod] = useState<"card" | "remote">("card");
  const [informedAt, setInformedAt] = useState(informed.value);
  const [steps, setSteps] = useState<Record<string, StepState>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<CountersignOutcome | null>(null);
  const [, start] = useTransition();
  const router = useRouter();

  if (done) {
    return (
      <section className={`${ui.card} space-y-3`} aria-labelledby="countersigned" data-testid="countersign-done">
        <h2 id="countersigned" className={ui.h2}>
          {m.form.done}
        </h2>
        {done.pdfUrl ? (
          <p>
            <a href={done.pdfUrl} className={ui.link} data-testid="countersign-document">
              {m.form.document}
            </a>
          </p>
        ) : (
          <p className={ui.muted}>{m.form.documentPending}</p>
        )}
        <p>
          <Link href={`/panel/consents/${id}`} className={ui.link}>
            {m.page.toConsent}
          </Link>
        </p>
      </section>
    );
  }

  const ctx: QualifiedFormContext = {
    id,
    lang,
    informedAt: () => informedAt,
    step: (key, state) => setSteps((s) => ({ ...s, [key]: state })),
    resetSteps: (keys) => setSteps((s) => ({ ...s, ...Object.fromEntries(keys.map((k) => [k, "todo" as StepState])) })),
    fail: (text, fields = {}) => {
      setMessage(text);
      setErrors(fields);
    },
    clearFailure: () => {
      setMessage(null);
      setErrors({});
    },
    errors,
    // issue #51: the menu badge and the dashboard count this consent no longer: read again.
    completed: (outcome) => start(() => (setDone(outcome), router.refresh())),
    consent,
  };
  const keys = method === "card" ? CARD_STEPS : REMOTE_STEPS;

  return (
    <section className={`${ui.card} space-y-4`} aria-labelledby="qualified-title" data-testid="qualified-form" data-method={method}>
      <h2 id="qualified-title" className={ui.h2}>
        {q.title}
      </h2>
      <p className="text-sm">{q.intro}</p>
      <p className="text-sm">{signAs.name ? m.form.signAs(signAs.name, signAs.registrationNo) : m.form.noName}</p>
      {remote ? (
        <fieldset>
          <legend className={ui.label}>{q.methodLegend}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {(["card", "remote"] as const).map((k) => (
              <label key={k} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50">
                <input
                  type="radio"
                  name="qualified-method"
                  value={k}
                  checked={method === k}
                  onChange={() => {
                    setMethod(k);
                    setMessage(null);
                    setErrors({});
                  }}
                />
                {k === "card" ? q.methodCard : q.methodRemote}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Field id="qs-informed" label={m.form.informedAt} hint={m.form.informedHint(timeZone, formatWhen(informed.max, lang, timeZone, true))} error={errors.informedAt}>
        {(control) => (
          <input {...control} type="datetime-local" step={1} min={informed.min} max={informed.max} value={informedAt} onChange={(e) => setInformedAt(e.target.value)} required />
        )}
      </Field>
      <SigningSteps label={q.progress} stateLabels={q.stepStates} steps={keys.map((k) => ({ key: k, label: q.steps[k] ?? k, state: steps[k] ?? "todo" }))} />
      <FormMessage text={message} testId="qualified-message" />
      {method === "card" ? <QualifiedCardSigning ctx={ctx} /> : <QualifiedRemoteSigning ctx={ctx} />}
    </section>
  );
}
