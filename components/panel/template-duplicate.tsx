"use client";
// "Çoğalt" on a template's page (issue #42): asks for the copy's code and title (the title prefilled
// "… (kopya)"), creates the draft through the server, then opens it. A taken or malformed code is
// shown on its field.
import { useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { duplicateTemplateAction } from "@/lib/actions/templates";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

export function TemplateDuplicate({ code, title, fromVersion, lang }: { code: string; title: string; fromVersion: number; lang: Lang }) {
  const all = panelMessages[lang];
  const t = all.templates;
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [kod, setKod] = useState("");
  const [baslik, setBaslik] = useState(() => t.copyOf(title).slice(0, 200));
  const [errors, setErrors] = useState<{ kod?: string; baslik?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const codeInput = useRef<HTMLInputElement>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    start(async () => {
      try {
        const r = await duplicateTemplateAction(code, { kod: kod.trim(), baslik });
        if (r.ok) return router.push(`/panel/templates/${encodeURIComponent(r.data.code)}`);
        const f = r.fieldErrors ?? {};
        setErrors({ kod: f.kod?.join(", "), baslik: f.baslik?.join(", ") });
        setMessage(f.kod || f.baslik ? all.common.fixFields : r.message);
        if (f.kod) codeInput.current?.focus();
      } catch {
        setMessage(all.common.unexpected);
      }
    });
  };

  if (!open) {
    return (
      <button
        type="button"
        className={ui.secondary}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => codeInput.current?.focus());
        }}
      >
        {t.duplicate}
      </button>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="dup-title" className={`${ui.card} mt-2 w-full space-y-3`} data-testid="duplicate-form">
      <h2 id="dup-title" className={ui.h2}>
        {t.duplicateTitle}
      </h2>
      <p className={ui.muted}>{t.duplicateFrom(fromVersion)}</p>
      <FormMessage text={message} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="dup-kod" label={t.duplicateCode} hint={all.templateForm.kodHint} error={errors.kod}>
          {(control) => <input {...control} ref={codeInput} className={`${control.className} font-mono`} maxLength={64} autoComplete="off" spellCheck={false} value={kod} onChange={(e) => setKod(e.target.value)} required />}
        </Field>
        <Field id="dup-baslik" label={t.duplicateName} error={errors.baslik}>
          {(control) => <input {...control} maxLength={200} value={baslik} onChange={(e) => setBaslik(e.target.value)} required />}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} label={t.duplicateSubmit} pendingLabel={t.duplicating} />
        <button type="button" className={ui.secondary} disabled={pending} onClick={() => setOpen(false)}>
          {t.duplicateCancel}
        </button>
      </div>
    </form>
  );
}
