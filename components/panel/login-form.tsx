"use client";
// The sign-in form: next-auth's credentials sign-in without a page reload, so the reason for a
// refusal (wrong password, a locked account, too many failures from this address) is shown in place.
// For an account with two-factor sign-in (issue #42) the server answers "code_required" to the right
// password; the form then asks for the code and sends the three together.
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { signIn } from "next-auth/react";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";

export function LoginForm({ lang }: { lang: Lang }) {
  const t = panelMessages[lang];
  const s = t.security.login;
  const [askCode, setAskCode] = useState(false);
  const schema = z.object({
    email: z.string().trim().min(1, t.login.required).max(254),
    password: z.string().min(1, t.login.required).max(256),
    code: z.string().trim().max(64),
  });
  const { register, handleSubmit, formState, setFocus, setValue, setError: setFieldError } = useForm({ resolver: zodResolver(schema), defaultValues: { email: "", password: "", code: "" } });
  const [error, setError] = useState<{ text: string; ok?: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const codeShown = useRef(false);

  const onSubmit = handleSubmit(async (values) => {
    if (askCode && !values.code) {
      setFieldError("code", { type: "required", message: t.login.required });
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await signIn("credentials", { ...values, redirect: false });
      if (res?.ok && !res.error) {
        window.location.assign("/panel");
        return;
      }
      const why = res?.error;
      if (why === "code_required" || why === "code_invalid") {
        if (!codeShown.current) {
          codeShown.current = true;
          setAskCode(true);
          setTimeout(() => setFocus("code"), 0);
        } else setValue("code", "");
        setError({ text: why === "code_required" ? s.codeRequired : s.codeInvalid, ok: why === "code_required" });
      } else {
        setError({ text: why === "locked" ? t.login.locked : why === "throttled" ? t.login.throttled : why === "invalid" || why === "CredentialsSignin" ? t.login.invalid : t.login.failed });
      }
    } catch {
      setError({ text: t.login.failed });
    }
    setPending(false);
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage text={error?.text} ok={error?.ok} testId="login-error" />
      <Field id="email" label={t.login.email} error={e.email?.message}>
        {(control) => <input type="email" autoComplete="username" {...control} {...register("email")} />}
      </Field>
      <Field id="password" label={t.login.password} error={e.password?.message}>
        {(control) => <input type="password" autoComplete="current-password" {...control} {...register("password")} />}
      </Field>
      {askCode ? (
        <Field id="code" label={s.code} hint={s.codeHint} error={e.code?.message}>
          {(control) => <input type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={64} {...control} {...register("code")} />}
        </Field>
      ) : null}
      <SubmitButton pending={pending} label={t.login.submit} pendingLabel={t.login.submitting} />
    </form>
  );
}
