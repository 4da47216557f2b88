"use client";
// A refusal to sign put on record (decisions §19), behind its confirmation step: the person refused,
// in person, and a witness saw it. Both the reason and the witness's name are required (and printed
// on the sealed Ret Tutanağı), so both are asked here and checked again by the server.
import { useState, useTransition } from "react";
import { recordRefusalAction } from "@/app/(panel)/panel/consents/actions";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

export function RefusalConfirm({ id, lang, onDone, onBack }: { id: string; lang: Lang; onDone: (text: string) => void; onBack: () => void }) {
  const all = panelMessages[lang];
  const t = all.physician.refusal;
  const [reason, setReason] = useState("");
  const [witness, setWitness] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; witness?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const confirm = () => {
    const local = { reason: reason.trim() ? undefined : t.required, witness: witness.trim() ? undefined : t.required };
    setErrors(local);
    setMessage(null);
    if (local.reason || local.witness) return;
    start(async () => {
      try {
        const r = await recordRefusalAction(id, { reason, witness });
        if (r.ok) return onDone(t.done);
        const f = r.fieldErrors ?? {};
        setErrors({ reason: f.reason?.join(", "), witness: f.tanik_ad?.join(", ") });
        setMessage(f.reason || f.tanik_ad ? all.common.fixFields : r.message);
      } catch {
        setMessage(all.common.unexpected);
      }
    });
  };

  return (
    <div role="group" aria-labelledby="refusal-q" className="space-y-3 rounded-lg border border-red-300 p-3" data-testid="refusal-confirm">
      <p id="refusal-q" className="text-sm font-medium">
        {t.confirm}
      </p>
      <FormMessage text={message} />
      <Field id="refusal-reason" label={t.reason} error={errors.reason}>
        {(control) => <textarea {...control} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} required />}
      </Field>
      <Field id="refusal-witness" label={t.witness} error={errors.witness}>
        {(control) => <input {...control} maxLength={200} autoComplete="off" value={witness} onChange={(e) => setWitness(e.target.value)} required />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton type="button" variant="danger" pending={pending} label={t.yes} pendingLabel={t.pending} onClick={confirm} />
        <button type="button" className={ui.secondary} onClick={onBack} disabled={pending}>
          {all.common.cancel}
        </button>
      </div>
    </div>
  );
}
