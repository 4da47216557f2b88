"use client";
// A refusal to sign put on record (decisions §19), behind its confirmation step: the person refused,
// in person, and a witness saw it. Both the reason and the witness's name are required (and printed
// on the sealed Ret Tutanağı), so both are asked here and checked again by the server. The informing
// physician and the witness's own signature, drawn on the clinic's tablet, are printed too (§25).
import { useRef, useState, useTransition } from "react";
import { SignatureCanvas, type SignatureCanvasHandle } from "@/components/ui/signature-canvas";
import { recordRefusalAction } from "@/lib/actions/consents";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

export function RefusalConfirm({ id, lang, onDone, onBack }: { id: string; lang: Lang; onDone: (text: string) => void; onBack: () => void }) {
  const all = panelMessages[lang];
  const t = all.physician.refusal;
  const [reason, setReason] = useState("");
  const [witness, setWitness] = useState("");
  const [physician, setPhysician] = useState("");
  const pad = useRef<SignatureCanvasHandle>(null);
  const [padEmpty, setPadEmpty] = useState(true);
  const [errors, setErrors] = useState<{ reason?: string; witness?: string; physician?: string; signature?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const confirm = () => {
    const local = { reason: reason.trim() ? undefined : t.required, witness: witness.trim() ? undefined : t.required };
    setErrors(local);
    setMessage(null);
    if (local.reason || local.witness) return;
    start(async () => {
      try {
        const witnessSignature = padEmpty ? undefined : (pad.current?.toDataURL() ?? undefined);
        const r = await recordRefusalAction(id, { reason, witness, ...(physician.trim() ? { physician } : {}), ...(witnessSignature ? { witnessSignature } : {}) });
        if (r.ok) return onDone(t.done);
        const f = r.fieldErrors ?? {};
        setErrors({ reason: f.reason?.join(", "), witness: f.tanik_ad?.join(", "), physician: f.hekim_ad?.join(", "), signature: f.tanik_imza?.join(", ") });
        setMessage(f.reason || f.tanik_ad || f.hekim_ad || f.tanik_imza ? all.common.fixFields : r.message);
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
      <div>
        <p id="refusal-pad-label" className={ui.label}>
          {t.witnessSignature}
        </p>
        <p id="refusal-pad-hint" className={`${ui.muted} mt-1`}>
          {t.witnessSignatureHint}
        </p>
        <SignatureCanvas
          ref={pad}
          labels={{ canvas: t.witnessSignature, undo: all.physician.form.undo, clear: all.physician.form.clear }}
          maxBitmapWidth={1600}
          looks={{ button: ui.secondary, canvas: "h-40", controls: "mt-2 gap-2" }}
          className="mt-1"
          testId="refusal-witness-canvas"
          empty={padEmpty}
          onChange={setPadEmpty}
          disabled={pending}
          describedBy="refusal-pad-hint"
          invalid={!!errors.signature}
        />
        <FormMessage text={errors.signature ?? null} />
      </div>
      <Field id="refusal-physician" label={t.physician} error={errors.physician}>
        {(control) => <input {...control} maxLength={200} autoComplete="off" value={physician} onChange={(e) => setPhysician(e.target.value)} />}
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
