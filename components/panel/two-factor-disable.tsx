"use client";
// Turning off one's own two-factor sign-in (issue #42): the password again, counted like a sign-in.
// On success the page is loaded anew with `?off=1`, which says what happened above the setup button.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { disableTwoFactorAction } from "@/lib/actions/account";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";

export function TwoFactorDisable({ lang }: { lang: Lang }) {
  const t = panelMessages[lang];
  const s = t.security.twoFactor;
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const schema = z.object({ password: z.string().min(1, t.login.required).max(256) });
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(schema), defaultValues: { password: "" } });
  const onSubmit = handleSubmit(async ({ password }) => {
    setMessage(null);
    try {
      const r = await disableTwoFactorAction(password);
      if (r.ok) {
        router.replace("/panel/account?off=1");
        router.refresh();
      } else if (r.fieldErrors?.password) setError("password", { type: "server", message: r.fieldErrors.password.join(" ") });
      else setMessage(r.message);
    } catch {
      setMessage(t.common.unexpected);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3 border-t border-slate-200 pt-4" aria-labelledby="two-factor-off">
      <h3 id="two-factor-off" className="font-semibold text-slate-900">
        {s.disableTitle}
      </h3>
      <FormMessage text={message} />
      <div className="max-w-xs">
        <Field id="two-factor-password" label={s.password} hint={s.disableHint} error={formState.errors.password?.message}>
          {(control) => <input type="password" autoComplete="current-password" {...control} {...register("password")} />}
        </Field>
      </div>
      <SubmitButton variant="danger" pending={formState.isSubmitting} label={s.disable} pendingLabel={s.disabling} />
    </form>
  );
}
