"use client";
// The sign-in form: next-auth's credentials sign-in without a page reload, so the reason for a
// refusal (wrong password, a locked account, too many failures from this address) is shown in place.
// For an account with two-factor sign-in (issue #42) the server answers "code_required" to the right
// password; the form then asks for the code and sends the three together.
// The page is the panel's door, so it stays light (issue #42: ≤ 150 KB of JavaScript): the server hands
// it just its own texts, not the panel's message tables; its three fields are checked here by hand
// (the server checks them again) rather than by react-hook-form and zod, and the sign-in request is
// credentials-sign-in.ts rather than next-auth/react.
import { useRef, useState, type FormEvent } from "react";
import type { panelMessages } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";
import { credentialsSignIn } from "@/components/panel/credentials-sign-in";

type Messages = (typeof panelMessages)["tr"];
/** What the sign-in form says: the login texts and the two-factor step's. */
export type LoginTexts = Omit<Messages["login"], "title" | "signedOut"> & Messages["security"]["login"];

type Name = "email" | "password" | "code";

export function LoginForm({ texts }: { texts: LoginTexts }) {
  const [askCode, setAskCode] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Name, string>>>({});
  const [error, setError] = useState<{ text: string; ok?: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), code: useRef<HTMLInputElement>(null) };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: Name) => String(form.get(name) ?? "");
    const values = { email: value("email").trim(), password: value("password"), code: value("code").trim() };
    const missing = (["email", "password", ...(askCode ? ["code" as const] : [])] as Name[]).filter((n) => !values[n].trim());
    setFieldErrors(Object.fromEntries(missing.map((n) => [n, texts.required])));
    if (missing.length > 0) {
      refs[missing[0]!].current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const why = await credentialsSignIn(values);
      if (why === null) {
        window.location.assign("/panel");
        return;
      }
      if (why === "code_required" || why === "code_invalid") {
        if (!askCode) {
          setAskCode(true);
          setTimeout(() => refs.code.current?.focus(), 0);
        } else if (refs.code.current) refs.code.current.value = "";
        setError({ text: why === "code_required" ? texts.codeRequired : texts.codeInvalid, ok: why === "code_required" });
      } else {
        setError({ text: why === "locked" ? texts.locked : why === "throttled" ? texts.throttled : why === "invalid" || why === "CredentialsSignin" ? texts.invalid : texts.failed });
      }
    } catch {
      setError({ text: texts.failed });
    }
    setPending(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage text={error?.text} ok={error?.ok} testId="login-error" />
      <Field id="email" label={texts.email} error={fieldErrors.email}>
        {(control) => <input type="email" name="email" autoComplete="username" maxLength={254} ref={refs.email} {...control} />}
      </Field>
      <Field id="password" label={texts.password} error={fieldErrors.password}>
        {(control) => <input type="password" name="password" autoComplete="current-password" maxLength={256} ref={refs.password} {...control} />}
      </Field>
      {askCode ? (
        <Field id="code" label={texts.code} hint={texts.codeHint} error={fieldErrors.code}>
          {(control) => <input type="text" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={64} ref={refs.code} {...control} />}
        </Field>
      ) : null}
      <SubmitButton pending={pending} label={texts.submit} pendingLabel={texts.submitting} />
    </form>
  );
}
