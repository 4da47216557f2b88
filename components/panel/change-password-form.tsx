"use client";
// One's own new password (issue #51): the current password, then the new one twice, checked here by
// the rule of creation and again on the server. Success replaces the form with what happened and a
// way on: the panel opens fully once the password is the user's own.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { changePasswordAction } from "@/lib/actions/account";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { applyFieldErrors } from "@/components/panel/apply-field-errors";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

const FIELDS = ["currentPassword", "newPassword"];

export function ChangePasswordForm({ lang }: { lang: Lang }) {
  const t = panelMessages[lang];
  const s = t.security.password;
  const r = t.security.reset;
  const schema = z
    .object({ currentPassword: z.string().min(1, t.login.required).max(256, r.tooLong), newPassword: z.string().min(8, r.tooShort).max(256, r.tooLong), repeat: z.string() })
    .refine((v) => v.newPassword === v.repeat, { path: ["repeat"], message: r.mismatch });
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(schema), defaultValues: { currentPassword: "", newPassword: "", repeat: "" } });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setResult(null);
    try {
      const res = await changePasswordAction({ currentPassword, newPassword });
      if (res.ok) setResult({ ok: true, text: s.done });
      else {
        const rest = applyFieldErrors(res.fieldErrors, (n) => FIELDS.includes(n), setError);
        if (!res.fieldErrors || rest.length > 0) setResult({ ok: false, text: [res.message, ...rest].join(" ") });
      }
    } catch {
      setResult({ ok: false, text: t.common.unexpected });
    }
  });
  if (result?.ok) {
    return (
      <div className="mt-4 space-y-4">
        <FormMessage text={result.text} ok testId="password-result" />
        {/* A full load: the menu the shell hid until now comes back. */}
        <a href="/panel" className={ui.primary}>
          {s.toPanel}
        </a>
      </div>
    );
  }
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-4">
      <FormMessage text={result?.text} testId="password-result" />
      <Field id="current-password" label={s.current} error={e.currentPassword?.message}>
        {(control) => <input type="password" autoComplete="current-password" {...control} {...register("currentPassword")} />}
      </Field>
      <Field id="new-password" label={s.next} error={e.newPassword?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...register("newPassword")} />}
      </Field>
      <Field id="repeat-password" label={s.repeat} error={e.repeat?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...register("repeat")} />}
      </Field>
      <SubmitButton pending={formState.isSubmitting} label={s.submit} pendingLabel={s.submitting} />
    </form>
  );
}
