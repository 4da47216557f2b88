"use client";
// The sign-in form: next-auth's credentials sign-in without a page reload, so the reason for a
// refusal (wrong password, a locked account, too many failures from this address) is shown in place.
// For an account with two-factor sign-in (issue #42) the server answers "code_required" to the right
// password; the form then asks for the code and sends the three together.
// The page is the panel's door, so it stays light (issue #42: ≤ 150 KB of JavaScript): the server hands
// it just its own texts, not the panel's message tables, and its three fields are checked by
// react-hook-form's own rules rather than a zod schema in the browser (the server checks them again).
import { useState } from "react";
import { useForm } from "react-hook-form";
import { signIn } from "next-auth/react";
import type { panelMessages } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";

type Messages = (typeof panelMessages)["tr"];
/** What the sign-in form says: the login texts and the two-factor step's. */
export type LoginTexts = Omit<Messages["login"], "title" | "signedOut"> & Messages["security"]["login"];

export function LoginForm({ texts }: { texts: LoginTexts }) {
  const [askCode, setAskCode] = useState(false);
  const { register, handleSubmit, formState, setFocus, setValue, setError: setFieldError } = useForm({ defaultValues: { email: "", password: "", code: "" } });
  const required = { validate: (v: string) => v.trim().length > 0 || texts.required };
  const [error, setError] = useState<{ text: string; ok?: boolean } | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = handleSubmit(async (given) => {
    const values = { email: given.email.trim(), password: given.password, code: given.code.trim() };
    if (askCode && !values.code) {
      setFieldError("code", { type: "required", message: texts.required });
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
        if (!askCode) {
          setAskCode(true);
          setTimeout(() => setFocus("code"), 0);
        } else setValue("code", "");
        setError({ text: why === "code_required" ? texts.codeRequired : texts.codeInvalid, ok: why === "code_required" });
      } else {
        setError({ text: why === "locked" ? texts.locked : why === "throttled" ? texts.throttled : why === "invalid" || why === "CredentialsSignin" ? texts.invalid : texts.failed });
      }
    } catch {
      setError({ text: texts.failed });
    }
    setPending(false);
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage text={error?.text} ok={error?.ok} testId="login-error" />
      <Field id="email" label={texts.email} error={e.email?.message}>
        {(control) => <input type="email" autoComplete="username" {...control} {...register("email", { ...required, maxLength: 254 })} />}
      </Field>
      <Field id="password" label={texts.password} error={e.password?.message}>
        {(control) => <input type="password" autoComplete="current-password" {...control} {...register("password", { ...required, maxLength: 256 })} />}
      </Field>
      {askCode ? (
        <Field id="code" label={texts.code} hint={texts.codeHint} error={e.code?.message}>
          {(control) => <input type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={64} {...control} {...register("code", { maxLength: 64 })} />}
        </Field>
      ) : null}
      <SubmitButton pending={pending} label={texts.submit} pendingLabel={texts.submitting} />
    </form>
  );
}
