"use client";
// A user's physician details on the team page (decisions §19): the flag that lets them countersign,
// their name and registration number as the document prints them. Closed until asked for.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setPhysicianAction } from "@/lib/actions/team";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { Field, FormMessage } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";

interface Props {
  lang: Lang;
  user: { id: string; email: string; name: string | null; isPhysician: boolean; registrationNo: string | null };
}

export function PhysicianForm({ lang, user }: Props) {
  const all = panelMessages[lang];
  const t = all.physician.team;
  const router = useRouter();
  const [isPhysician, setIsPhysician] = useState(user.isPhysician);
  const [name, setName] = useState(user.name ?? "");
  const [registrationNo, setRegistrationNo] = useState(user.registrationNo ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const id = (k: string) => `ph-${user.id}-${k}`;

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    start(async () => {
      try {
        const r = await setPhysicianAction(user.id, { isPhysician, name, registrationNo });
        if (r.ok) {
          setErrors({});
          setMessage({ ok: true, text: t.saved });
          router.refresh();
          return;
        }
        const f = r.fieldErrors ?? {};
        setErrors(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.join(", ")])));
        setMessage({ ok: false, text: Object.keys(f).length ? all.common.fixFields : r.message });
      } catch {
        setMessage({ ok: false, text: all.common.unexpected });
      }
    });
  };

  return (
    <details className="mt-2 rounded-lg border border-slate-200" data-testid="physician-details">
      <summary className={`cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-blue-800 ${ui.focus}`}>
        {t.edit}
        <span className="sr-only"> ({user.name ?? user.email})</span>
      </summary>
      <form onSubmit={save} noValidate className="space-y-3 px-3 pb-3" aria-label={t.editFor(user.name ?? user.email)}>
        <FormMessage text={message?.text} ok={message?.ok} />
        <div className="flex items-start gap-2">
          <input id={id("flag")} type="checkbox" className={`mt-1 size-5 shrink-0 ${ui.focus}`} checked={isPhysician} onChange={(e) => setIsPhysician(e.target.checked)} />
          <label htmlFor={id("flag")} className="text-sm font-medium">
            {t.flag}
          </label>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={id("name")} label={t.name} hint={t.nameHint} error={errors.name}>
            {(control) => <input {...control} maxLength={200} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field id={id("reg")} label={t.registrationNo} hint={t.registrationHint} error={errors.registrationNo}>
            {(control) => <input {...control} maxLength={50} autoComplete="off" value={registrationNo} disabled={!isPhysician} onChange={(e) => setRegistrationNo(e.target.value)} />}
          </Field>
        </div>
        <SubmitButton pending={pending} label={t.save} pendingLabel={t.saving} />
      </form>
    </details>
  );
}
