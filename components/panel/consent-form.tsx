"use client";
// Create a consent: react-hook-form with the API's own zod schema (createConsentSchema), checked again
// on the server. "In person" creates it without SMS and opens its page, which shows the link as a QR code.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import type { z } from "zod";
import { APPROVER_TYPES, createConsentSchema } from "@/lib/consents/consent-schemas";
import type { ConsentTemplateOption } from "@/lib/templates/list-consent-templates";
import { createConsentAction } from "@/lib/actions/consents";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { applyFieldErrors } from "@/components/panel/apply-field-errors";
import { NATIVE_NAMES } from "@/lib/i18n/languages";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

type Input = z.input<typeof createConsentSchema>;
type Output = z.output<typeof createConsentSchema>;

type TextField = "tc" | "dogum_tarih" | "hekim" | "islem" | "dis_ref" | "dis_hasta_id";

export function ConsentForm({ lang, templates }: { lang: Lang; templates: ConsentTemplateOption[] }) {
  const t = panelMessages[lang];
  const f = t.consentForm;
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(createConsentSchema),
    defaultValues: { sablon_kod: templates.length === 1 ? templates[0]!.code : "", onaylayan_tip: "hasta", sms_gonder: false, degiskenler: {} },
  });
  const code = watch("sablon_kod");
  const approver = watch("onaylayan_tip");
  const sms = watch("sms_gonder");
  const kiosk = watch("kimlik_dogrulama") === "yuz_yuze";
  /** decisions §26: in person with a QR code, on the clinic's tablet (kiosk: identity checked by staff, no code), or by SMS. */
  const deliver = (how: "qr" | "kiosk" | "sms") => {
    setValue("sms_gonder", how === "sms");
    setValue("kimlik_dogrulama", how === "kiosk" ? "yuz_yuze" : "sms");
  };
  const dil = watch("dil");
  const template = templates.find((x) => x.code === code);
  const e = formState.errors;
  const errorOf = (name: string): string | undefined => {
    const parts = name.split(".");
    let cur: unknown = e;
    for (const p of parts) cur = (cur as Record<string, unknown> | undefined)?.[p];
    return (cur as { message?: string } | undefined)?.message;
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const r = await createConsentAction(values);
      if (r.ok) {
        router.push(`/panel/consents/${r.data.id}`);
        return;
      }
      const vars = new Set(template?.variables.map((v) => v.name) ?? []);
      // missing_variables names each variable bare; other errors use the request's field names.
      const renamed = Object.fromEntries(Object.entries(r.fieldErrors ?? {}).map(([k, v]) => [vars.has(k) ? `degiskenler.${k}` : k, v]));
      const rest = applyFieldErrors(renamed, (n) => n !== "_" && (n.startsWith("degiskenler.") || n in values || n === "sablon_kod"), setError);
      setFormError([r.message, ...rest].join(" "));
    } catch {
      setFormError(t.common.unexpected);
    }
  });

  const text = (name: TextField | "adsoyad" | "telefon" | "onaylayan_ad" | "yakinlik" | "hayvan_ad" | "hayvan_tur" | "tercuman_ad" | "tanik_ad", type = "text") => (
    <Field key={name} id={`c-${name}`} label={f[name]} error={errorOf(name)}>
      {(control) => <input type={type} {...control} {...register(name)} />}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className={`${ui.card} mt-4 space-y-4`}>
      <FormMessage text={formError} testId="form-error" />
      <Field id="c-sablon_kod" label={f.template} error={e.sablon_kod?.message}>
        {(control) => (
          <select {...control} {...register("sablon_kod")}>
            <option value="">{f.chooseTemplate}</option>
            {templates.map((x) => (
              <option key={x.code} value={x.code}>
                {x.title} ({x.code} v{x.version})
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("adsoyad")}
        {text("telefon", "tel")}
        {text("tc")}
        {text("dogum_tarih", "date")}
        {text("hekim")}
        {text("islem")}
        {text("dis_ref")}
        {text("dis_hasta_id")}
        {(template?.languages.length ?? 0) > 1 ? (
          <Field id="c-dil" label={f.dil} error={e.dil?.message}>
            {(control) => (
              <select {...control} {...register("dil")}>
                {template!.languages.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {NATIVE_NAMES[l]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {dil && dil !== "tr" ? text("tercuman_ad") : null}
        {/* decisions §19: a witness who signs after the person; the physician's countersignature, the template's default unless changed here */}
        {text("tanik_ad")}
        <Field id="c-hekim_imzasi" label={f.hekim_imzasi} error={e.hekim_imzasi?.message}>
          {(control) => (
            <select {...control} {...register("hekim_imzasi", { setValueAs: (v: unknown) => (v === "true" || v === true ? true : v === "false" || v === false ? false : undefined) })}>
              <option value="">{f.countersignDefault(template?.physicianCountersign ?? false)}</option>
              <option value="true">{f.countersignYes}</option>
              <option value="false">{f.countersignNo}</option>
            </select>
          )}
        </Field>
        <Field id="c-onaylayan_tip" label={f.onaylayan_tip}>
          {(control) => (
            <select {...control} {...register("onaylayan_tip")}>
              {APPROVER_TYPES.map((a) => (
                <option key={a} value={a}>
                  {f.approverTypes[a]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {approver && approver !== "hasta" ? (
          <>
            {text("onaylayan_ad")}
            {text("yakinlik")}
          </>
        ) : null}
        {approver === "sahip" ? (
          <>
            {text("hayvan_ad")}
            {text("hayvan_tur")}
          </>
        ) : null}
        <Field id="c-gecerlilik_saat" label={f.gecerlilik_saat} error={e.gecerlilik_saat?.message}>
          {(control) => (
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={720}
              {...control}
              {...register("gecerlilik_saat", { setValueAs: (v: unknown) => (v === "" || v == null ? undefined : Number(v)) })}
            />
          )}
        </Field>
      </div>

      {template && template.variables.length > 0 ? (
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 font-semibold">{f.variables}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {template.variables.map((v) => {
              const name = `degiskenler.${v.name}` as const;
              const label = (
                <>
                  {v.label}
                  {v.required ? <span className="text-red-800"> ({f.required})</span> : null}
                </>
              );
              return (
                <Field key={`${template.code}-${v.name}`} id={`v-${v.name}`} label={label} error={errorOf(name)}>
                  {(control) => (
                    <input
                      type={v.type === "tarih" ? "date" : "text"}
                      inputMode={v.type === "sayi" ? "decimal" : undefined}
                      placeholder={v.default}
                      {...control}
                      {...register(name)}
                    />
                  )}
                </Field>
              );
            })}
          </div>
        </fieldset>
      ) : null}

      <fieldset className="space-y-2">
        <legend className="font-semibold">{f.delivery}</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="delivery" checked={sms === false && !kiosk} onChange={() => deliver("qr")} className="size-5" />
          {f.inPerson}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="delivery" checked={kiosk} onChange={() => deliver("kiosk")} className="size-5" />
          {f.kiosk}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="delivery" checked={sms === true && !kiosk} onChange={() => deliver("sms")} className="size-5" />
          {f.bySms}
        </label>
      </fieldset>
      <SubmitButton pending={formState.isSubmitting} label={f.submit} pendingLabel={f.submitting} />
    </form>
  );
}
