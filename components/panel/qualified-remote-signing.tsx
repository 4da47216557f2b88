"use client";
// The remote part of the qualified countersignature (issue #48 part 3): the physician picks a
// credential of the institution's CSC v2 service and types its PIN (and OTP when asked); the server
// prepares with the credential's certificate, then authorizes and signs that one hash and finishes.
import { useEffect, useRef, useState } from "react";
import { cscCredentialsAction, cscPrepareAction, cscSignAction } from "@/lib/actions/qualified-countersign";
import type { PanelCscCredential } from "@/lib/signing/qualified/list-csc-credentials-for-panel";
import { panelMessages } from "@/components/panel/messages";
import { Field, FieldError } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";
import { ActionRefusal, describeFailure } from "@/components/panel/qualified-errors";
import { REMOTE_STEPS, type QualifiedFormContext } from "@/components/panel/qualified-context";
import { formatDay } from "@/lib/i18n/format";

export function QualifiedRemoteSigning({ ctx }: { ctx: QualifiedFormContext }) {
  const q = panelMessages[ctx.lang].physician.qualified;
  const common = panelMessages[ctx.lang].common;
  const [credentials, setCredentials] = useState<PanelCscCredential[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [credentialId, setCredentialId] = useState("");
  const [pin, setPin] = useState("");
  const [otp, setOtp] = useState("");
  const [signing, setSigning] = useState(false);
  const started = useRef(false);
  const { fail, clearFailure, step } = ctx;

  const load = async () => {
    clearFailure();
    setLoading(true);
    try {
      const r = await cscCredentialsAction();
      if (!r.ok) throw new ActionRefusal(r.code, r.message, r.fieldErrors);
      setCredentials(r.data);
      setCredentialId(r.data[0]?.credentialId ?? "");
      if (r.data.length === 0) fail(q.noCredentials);
    } catch (err) {
      const d = describeFailure(err, q, common.unexpected);
      fail(d.message, d.fields);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load();
  }, []);

  const chosen = credentials?.find((c) => c.credentialId === credentialId);

  const sign = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const local: Record<string, string> = {};
    if (!ctx.informedAt()) local.informedAt = panelMessages[ctx.lang].login.required;
    if (chosen.needsPin && !pin) local.pin = q.pinRequired;
    if (chosen.needsOtp && !otp) local.otp = q.otpRequired;
    if (Object.keys(local).length) {
      fail(common.fixFields, local);
      return;
    }
    clearFailure();
    ctx.resetSteps(REMOTE_STEPS);
    setSigning(true);
    let at = "prepare";
    try {
      step("prepare", "active");
      const p = await cscPrepareAction(ctx.id, { informedAt: ctx.informedAt(), credentialId });
      if (!p.ok) throw new ActionRefusal(p.code, p.message, p.fieldErrors);
      step("prepare", "done");
      at = "remote";
      step("remote", "active");
      const r = await cscSignAction(ctx.id, { prepareId: p.data.prepare_id, credentialId, pin, otp });
      if (!r.ok) {
        // A refusal of the certificate or of the value comes from the finish; the rest from the service.
        if (r.fieldErrors?.certificate || r.fieldErrors?.signature) {
          step("remote", "done");
          at = "finish";
        }
        throw new ActionRefusal(r.code, r.message, r.fieldErrors);
      }
      step("remote", "done");
      step("finish", "done");
      ctx.completed(r.data);
    } catch (err) {
      step(at, "failed");
      setPin("");
      setOtp("");
      const d = describeFailure(err, q, common.unexpected);
      fail(d.message, d.fields);
    } finally {
      setSigning(false);
    }
  };

  if (!credentials) {
    return <SubmitButton type="button" pending={loading} label={q.loadCredentials} pendingLabel={q.loadCredentials} onClick={() => void load()} variant="secondary" />;
  }

  return (
    <form onSubmit={sign} noValidate className="space-y-3" aria-label={q.methodRemote} data-testid="remote-signing">
      {credentials.length ? (
        <fieldset aria-describedby={ctx.errors.credential ? "qs-credential-err" : undefined}>
          <legend className={ui.label}>{q.credential}</legend>
          <p className={`${ui.muted} mt-1`}>{q.credentialHint}</p>
          <div className="mt-2 grid gap-2">
            {credentials.map((c) => (
              <label key={c.credentialId} className="flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50">
                <input type="radio" name="qualified-credential" value={c.credentialId} checked={credentialId === c.credentialId} onChange={() => setCredentialId(c.credentialId)} className="mt-1" />
                <span className="min-w-0 break-words">
                  <span className="font-medium">{c.subject}</span>
                  <span className="block text-slate-700">
                    {c.issuer} · {q.serial(c.serial)} · {q.validUntil(formatDay(c.notAfter, ctx.lang))}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="qs-credential-err" text={ctx.errors.credential} />
        </fieldset>
      ) : null}
      {chosen?.needsPin ? (
        <Field id="qs-pin" label={q.pin} error={ctx.errors.pin}>
          {(control) => <input {...control} type="password" inputMode="numeric" autoComplete="off" maxLength={64} value={pin} onChange={(e) => setPin(e.target.value)} required />}
        </Field>
      ) : null}
      {chosen?.needsOtp ? (
        <Field id="qs-otp" label={q.otp} error={ctx.errors.otp}>
          {(control) => <input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={64} value={otp} onChange={(e) => setOtp(e.target.value)} required />}
        </Field>
      ) : null}
      {chosen ? <SubmitButton pending={signing} label={q.sign} pendingLabel={q.signing} /> : null}
    </form>
  );
}
