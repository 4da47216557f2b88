"use client";
// Turning on two-factor sign-in from one's own account page (issue #42): a button makes a new secret,
// shown as a QR code and as text; a code from the app and the password again confirm it; the ten
// recovery codes are then shown once, with a copy button. Until then it also says that it is off.
// The page is not refreshed after that, so the codes stay on screen until the user moves on.
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { confirmTwoFactorAction, startTwoFactorAction } from "@/lib/actions/account";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { CopyButton } from "@/components/panel/copy-button";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

/** "ABCDEFGH…" in groups of four, as authenticator apps show a key to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

export function TwoFactorSetup({ lang }: { lang: Lang }) {
  const t = panelMessages[lang];
  const s = t.security.twoFactor;
  const [setup, setSetup] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [starting, start] = useTransition();
  const schema = z.object({
    code: z.string().transform((v) => v.replace(/\s/g, "")).pipe(z.string().regex(/^\d{6}$/, s.codeFormat)),
    password: z.string().min(1, t.login.required).max(256),
  });
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(schema), defaultValues: { code: "", password: "" } });

  const begin = () =>
    start(async () => {
      setMessage(null);
      const r = await startTwoFactorAction().catch(() => null);
      if (r?.ok) setSetup(r.data);
      else setMessage(r?.message ?? t.common.unexpected);
    });

  const onSubmit = handleSubmit(async ({ code, password }) => {
    setMessage(null);
    try {
      const r = await confirmTwoFactorAction(code, password);
      if (r.ok) setCodes(r.data.recoveryCodes);
      else if (r.fieldErrors?.password) setError("password", { type: "server", message: r.fieldErrors.password.join(" ") });
      else if (r.fieldErrors?.code) setError("code", { type: "server", message: r.fieldErrors.code.join(" ") });
      else setMessage(r.message);
    } catch {
      setMessage(t.common.unexpected);
    }
  });

  if (codes) {
    return (
      <div className="mt-3 space-y-3">
        <FormMessage text={s.enabled} ok testId="two-factor-result" />
        <section role="region" aria-labelledby="recovery" className="rounded-xl border-2 border-amber-500 bg-amber-50 p-4">
          <h3 id="recovery" className="font-semibold text-slate-900">
            {s.recoveryTitle}
          </h3>
          <p className="mt-1 text-sm text-amber-950">{s.recoveryWarning}</p>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm sm:grid-cols-5" data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="mt-3">
            <CopyButton text={codes.join("\n")} lang={lang} label={s.copyCodes} />
          </div>
        </section>
        {/* A full load, so that the panel's menu, hidden until now where the tenant requires this, comes back. */}
        <a href="/panel" className={ui.primary}>
          {s.continue}
        </a>
      </div>
    );
  }
  const off = (
    <p className="text-sm font-medium" data-testid="two-factor-status">
      {s.off}
    </p>
  );
  if (!setup) {
    return (
      <div className="mt-3 space-y-3">
        {off}
        <FormMessage text={message} />
        <SubmitButton type="button" pending={starting} label={s.start} pendingLabel={s.starting} onClick={begin} />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
      {off}
      <FormMessage text={message} />
      <p className="text-sm font-medium">{s.scan}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: SVG made on the server; nothing for the image optimizer */}
      <img src={setup.qrDataUrl} alt={s.qrLabel} width={192} height={192} className="size-48 rounded-lg border border-slate-200 bg-white p-1" data-testid="two-factor-qr" />
      <p className="text-sm">{s.manual}</p>
      <p className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm break-all" data-testid="two-factor-secret">
          {grouped(setup.secret)}
        </code>
        <CopyButton text={setup.secret} lang={lang} label={`${t.common.copy}: ${s.secret}`} />
      </p>
      <div className="max-w-xs space-y-3">
        <Field id="two-factor-code" label={s.code} error={formState.errors.code?.message}>
          {(control) => <input type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...control} {...register("code")} />}
        </Field>
        <Field id="two-factor-confirm-password" label={s.confirmPassword} hint={s.confirmPasswordHint} error={formState.errors.password?.message}>
          {(control) => <input type="password" autoComplete="current-password" {...control} {...register("password")} />}
        </Field>
      </div>
      <SubmitButton pending={formState.isSubmitting} label={s.confirm} pendingLabel={s.confirming} />
    </form>
  );
}
