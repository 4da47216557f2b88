"use client";
// The sign-in form: next-auth's credentials sign-in without a page reload, so the reason for a
// refusal (wrong password, a locked account, too many failures from this address) is shown in place.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { signIn } from "next-auth/react";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";

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
      {error ? (
        <p role="alert" className={ui.alert} data-testid="login-error">
          {error}
        </p>
      ) : null}
      <div>
        <label htmlFor="email" className={ui.label}>
          {t.login.email}
        </label>
        <input id="email" type="email" autoComplete="username" aria-invalid={!!e.email} className={ui.input} {...register("email")} />
        {e.email ? <p className={ui.fieldError}>{e.email.message}</p> : null}
      </div>
      <div>
        <label htmlFor="password" className={ui.label}>
          {t.login.password}
        </label>
        <input id="password" type="password" autoComplete="current-password" aria-invalid={!!e.password} className={ui.input} {...register("password")} />
        {e.password ? <p className={ui.fieldError}>{e.password.message}</p> : null}
      </div>
      <SubmitButton pending={pending} label={t.login.submit} pendingLabel={t.login.submitting} />
    </form>
  );
}
