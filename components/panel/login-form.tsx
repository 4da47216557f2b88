"use client";
// The sign-in form: next-auth's credentials sign-in without a page reload, so the reason for a
// refusal (wrong password, a locked account, too many failures from this address) is shown in place.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { signIn } from "next-auth/react";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";

export function LoginForm({ lang }: { lang: Lang }) {
  const t = panelMessages[lang];
  const schema = z.object({
    email: z.string().trim().min(1, t.login.required).max(254),
    password: z.string().min(1, t.login.required).max(256),
  });
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" } });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    setPending(true);
    setError(null);
    try {
      const res = await signIn("credentials", { ...values, redirect: false });
      if (res?.ok && !res.error) {
        window.location.assign("/panel");
        return;
      }
      const why = res?.error;
      setError(why === "locked" ? t.login.locked : why === "throttled" ? t.login.throttled : why === "invalid" || why === "CredentialsSignin" ? t.login.invalid : t.login.failed);
    } catch {
      setError(t.login.failed);
    }
    setPending(false);
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage text={error} testId="login-error" />
      <Field id="email" label={t.login.email} error={e.email?.message}>
        {(control) => <input type="email" autoComplete="username" {...control} {...register("email")} />}
      </Field>
      <Field id="password" label={t.login.password} error={e.password?.message}>
        {(control) => <input type="password" autoComplete="current-password" {...control} {...register("password")} />}
      </Field>
      <SubmitButton pending={pending} label={t.login.submit} pendingLabel={t.login.submitting} />
    </form>
  );
}
