"use client";
// Create an API key (the secret is shown once, with a copy button and a warning) and revoke one
// after a confirmation.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { SCOPES } from "@/lib/api-keys/scopes";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/actions/api-keys";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { CopyButton } from "@/components/panel/copy-button";
import { Field, FieldError, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

const schema = z.object({
  name: z.string().trim().min(1, "boş olamaz").max(100, "en fazla 100 karakter olabilir"),
  scopes: z.array(z.enum(SCOPES)).min(1, "en az bir yetki verilmeli"),
});

export function ApiKeyCreate({ lang }: { lang: Lang }) {
  const t = panelMessages[lang];
  const router = useRouter();
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm({ resolver: zodResolver(schema), defaultValues: { name: "", scopes: ["onam:oku"] as (typeof SCOPES)[number][] } });
  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const r = await createApiKeyAction(v.name, v.scopes);
      if (r.ok) {
        setCreated(r.data);
        reset();
        router.refresh();
      } else setFormError([r.message, ...Object.values(r.fieldErrors ?? {}).flat()].join(" "));
    } catch {
      setFormError(t.common.unexpected);
    }
  });
  const e = formState.errors;
  return (
    <div className="mt-4 space-y-4">
      {created ? (
        <section role="alert" className="rounded-xl border-2 border-amber-500 bg-amber-50 p-4" data-testid="new-secret">
          <h2 className={ui.h2}>{t.keys.secretTitle}</h2>
          <p className="mt-1 text-sm text-amber-950">{t.keys.secretWarning}</p>
          <p className="mt-3 text-sm font-medium">{t.keys.keyId}</p>
          <p className="flex flex-wrap items-center gap-2">
            <code className={ui.mono} data-testid="new-key-id">
              {created.id}
            </code>
            <CopyButton text={created.id} lang={lang} label={`${t.common.copy}: ${t.keys.keyId}`} />
          </p>
          <p className="mt-3 text-sm font-medium">{t.keys.secret}</p>
          <p className="flex flex-wrap items-center gap-2">
            <code className={ui.mono} data-testid="new-key-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} lang={lang} label={`${t.common.copy}: ${t.keys.secret}`} />
          </p>
        </section>
      ) : null}
      <form onSubmit={onSubmit} noValidate className={`${ui.card} space-y-3`} aria-labelledby="new-key">
        <h2 id="new-key" className={ui.h2}>
          {t.keys.create}
        </h2>
        <FormMessage text={formError} />
        <Field id="k-name" label={t.keys.name} error={e.name?.message}>
          {(control) => <input {...control} {...register("name")} />}
        </Field>
        <fieldset>
          <legend className={ui.label}>{t.keys.scopes}</legend>
          {SCOPES.map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" value={s} className="size-5" {...register("scopes")} />
              {t.keys.scopeNames[s] ?? s}
            </label>
          ))}
          <FieldError text={e.scopes?.message} />
        </fieldset>
        <SubmitButton pending={formState.isSubmitting} label={t.keys.submit} pendingLabel={t.keys.submitting} />
      </form>
    </div>
  );
}

export function RevokeKeyButton({ id, lang }: { id: string; lang: Lang }) {
  const t = panelMessages[lang];
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  if (!confirming) {
    return (
      <button type="button" className={ui.secondary} onClick={() => setConfirming(true)}>
        {t.keys.revoke}
      </button>
    );
  }
  return (
    <div role="group" aria-label={t.keys.revokeConfirm} className="w-full space-y-2 rounded-lg border border-red-300 p-3 sm:w-auto">
      <p className="text-sm">{t.keys.revokeConfirm}</p>
      <FormMessage text={error} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          type="button"
          variant="danger"
          pending={pending}
          label={t.keys.revokeYes}
          pendingLabel={t.keys.revoking}
          onClick={() =>
            start(async () => {
              const r = await revokeApiKeyAction(id).catch(() => null);
              if (r?.ok) router.refresh();
              else setError(r?.message ?? t.common.unexpected);
            })
          }
        />
        <button type="button" className={ui.secondary} onClick={() => setConfirming(false)} disabled={pending}>
          {t.common.cancel}
        </button>
      </div>
    </div>
  );
}
