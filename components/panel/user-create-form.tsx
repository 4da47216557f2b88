"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { createUserAction } from "@/lib/actions/team";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { applyFieldErrors } from "@/components/panel/apply-field-errors";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

// lib/users/create-user.ts's rules; the server checks them again.
const schema = z.object({
  email: z.email("geçerli bir e-posta adresi olmalı").max(254),
  name: z.string().trim().max(200),
  password: z.string().min(8, "en az 8 karakter olmalı").max(256),
  role: z.enum(["owner", "admin", "staff"]),
  // decisions §19: lib/users/set-user-physician.ts's rules; a physician's name is printed.
  isPhysician: z.boolean(),
  registrationNo: z.string().trim().max(50, "en fazla 50 karakter olmalı"),
}).refine((v) => !v.isPhysician || v.name.length >= 3, { path: ["name"], message: "hekimin adı belgeye basılır: en az 3 karakter olmalı" });

export function UserCreateForm({ lang }: { lang: Lang }) {
  const t = panelMessages[lang];
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, reset, watch } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: "", name: "", password: "", role: "staff" as const, isPhysician: false, registrationNo: "" },
  });
  const onSubmit = handleSubmit(async (v) => {
    setMessage(null);
    try {
      const r = await createUserAction(v);
      if (r.ok) {
        setMessage({ ok: true, text: t.team.added });
        reset();
        router.refresh();
      } else {
        const rest = applyFieldErrors(r.fieldErrors, (n) => ["email", "name", "password", "role", "registrationNo"].includes(n), setError);
        setMessage({ ok: false, text: [r.message, ...rest].join(" ") });
      }
    } catch {
      setMessage({ ok: false, text: t.common.unexpected });
    }
  });
  const e = formState.errors;
  const physician = watch("isPhysician");
  const input = (name: "email" | "name" | "password", type: string, label: string) => (
    <Field id={`u-${name}`} label={label} error={e[name]?.message}>
      {(control) => <input type={type} autoComplete={type === "password" ? "new-password" : "off"} {...control} {...register(name)} />}
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className={`${ui.card} mt-4 space-y-3`} aria-labelledby="add-user">
      <h2 id="add-user" className={ui.h2}>
        {t.team.add}
      </h2>
      <FormMessage text={message?.text} ok={message?.ok} />
      <div className="grid gap-3 sm:grid-cols-2">
        {input("email", "email", t.team.email)}
        {input("name", "text", t.team.name)}
        {input("password", "password", t.team.password)}
        <Field id="u-role" label={t.team.role} hint={t.team.roleHint}>
          {(control) => (
            <select {...control} {...register("role")}>
              {(["staff", "admin", "owner"] as const).map((r) => (
                <option key={r} value={r}>
                  {t.team.roles[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex items-start gap-2 sm:col-span-2">
          <input id="u-physician" type="checkbox" className={`mt-1 size-5 shrink-0 ${ui.focus}`} {...register("isPhysician")} />
          <label htmlFor="u-physician" className="text-sm font-medium">
            {t.physician.team.flag}
          </label>
        </div>
        {physician ? (
          <Field id="u-registrationNo" label={t.physician.team.registrationNo} hint={t.physician.team.registrationHint} error={e.registrationNo?.message}>
            {(control) => <input autoComplete="off" maxLength={50} {...control} {...register("registrationNo")} />}
          </Field>
        ) : null}
      </div>
      <SubmitButton pending={formState.isSubmitting} label={t.team.add} pendingLabel={t.team.adding} />
    </form>
  );
}
