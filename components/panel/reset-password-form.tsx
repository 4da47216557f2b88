"use client";
// The new password of a one-time reset link (issue #42): typed twice, the rule of user creation
// checked here and again on the server. Success replaces the form with what happened and a way on.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { resetPasswordAction } from "@/lib/actions/reset";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

export function ResetPasswordForm({ lang, token }: { lang: Lang; token: string }) {
  const t = panelMessages[lang];
  const s = t.security.reset;
  const schema = z
    .object({ password: z.string().min(8, s.tooShort).max(256, s.tooLong), repeat: z.string() })
    .refine((v) => v.password === v.repeat, { path: ["repeat"], message: s.mismatch });
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(schema), defaultValues: { password: "", repeat: "" } });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const onSubmit = handleSubmit(async ({ password }) => {
    setResult(null);
    try {
      const r = await resetPasswordAction(token, { password });
      if (r.ok) setResult({ ok: true, text: s.done });
      else if (r.fieldErrors?.password) setError("password", { type: "server", message: r.fieldErrors.password.join(" ") });
      else setResult({ ok: false, text: r.message });
    } catch {
      setResult({ ok: false, text: t.common.unexpected });
    }
  });
  if (result?.ok) {
    return (
      <div className="space-y-4">
        <FormMessage text={result.text} ok testId="reset-result" />
        <a href="/panel/login" className={ui.primary}>
          {s.toLogin}
        </a>
      </div>
    );
  }
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage text={result?.text} testId="reset-result" />
      <Field id="new-password" label={s.password} error={e.password?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...register("password")} />}
      </Field>
      <Field id="repeat-password" label={s.repeat} error={e.repeat?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...register("repeat")} />}
      </Field>
      <SubmitButton pending={formState.isSubmitting} label={s.submit} pendingLabel={s.submitting} />
    </form>
  );
}
