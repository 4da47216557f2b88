"use client";
// decisions §23, issue #42: the institution's address, phone, privacy-notice link and SMS sender name,
// saved together to /panel/settings/branding; the server's field errors appear under their fields.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Field, FormMessage } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { brandingMessages } from "@/components/panel/branding-messages";
import { brandingRequest } from "@/components/panel/branding-request";

interface BrandingValues {
  address: string;
  phone: string;
  privacyUrl: string;
  smsSender: string;
}

export function BrandingDetails({ lang, initial }: { lang: Lang; initial: BrandingValues }) {
  const t = brandingMessages[lang];
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const bind = (name: keyof BrandingValues) => ({
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const error = (name: keyof BrandingValues) => errors[name]?.join(" ");

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setMessage(null);
    const r = await brandingRequest<BrandingValues>("/panel/settings/branding", "PUT", JSON.stringify(values), "application/json");
    setPending(false);
    setErrors(r.errors);
    if (r.data) {
      setMessage({ ok: true, text: t.saved });
      router.refresh();
    } else if (Object.keys(r.errors).length === 0) {
      setMessage({ ok: false, text: r.status === 0 ? t.errors.network : r.status === 401 || r.status === 403 ? t.errors.session : (r.detail ?? t.errors.other) });
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="mt-6 space-y-3" data-testid="branding-details">
      <FormMessage text={message?.text} ok={message?.ok} />
      <Field id="b-address" label={t.address} hint={t.addressHint} error={error("address")} className="max-w-xl">
        {(control) => <textarea rows={3} maxLength={300} autoComplete="street-address" {...control} {...bind("address")} />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="b-phone" label={t.phone} hint={t.phoneHint} error={error("phone")}>
          {(control) => <input type="tel" inputMode="tel" autoComplete="tel" dir="ltr" {...control} {...bind("phone")} />}
        </Field>
        <Field id="b-sender" label={t.smsSender} hint={t.smsSenderHint} error={error("smsSender")}>
          {(control) => <input maxLength={11} autoComplete="off" spellCheck={false} {...control} {...bind("smsSender")} />}
        </Field>
      </div>
      <Field id="b-privacy" label={t.privacyUrl} hint={t.privacyUrlHint} error={error("privacyUrl")} className="max-w-xl">
        {(control) => <input type="url" inputMode="url" maxLength={500} dir="ltr" placeholder="https://" {...control} {...bind("privacyUrl")} />}
      </Field>
      <SubmitButton pending={pending} label={t.save} pendingLabel={panelMessages[lang].common.saving} />
    </form>
  );
}
