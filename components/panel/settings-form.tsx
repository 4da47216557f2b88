"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { updateSettingsAction } from "@/lib/actions/settings";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { Field, FormMessage } from "@/components/panel/field";

const schema = z.object({
  defaultValidityHours: z.coerce.number<string>().int("1 ile 720 arasında bir tam sayı olmalı").min(1, "1 ile 720 arasında bir tam sayı olmalı").max(720, "1 ile 720 arasında bir tam sayı olmalı"),
  // Empty is "off"; the server parses it again (lib/tenants/tenant-settings.ts).
  reminderHoursBefore: z.string().trim().regex(/^$|^(?:[1-9]|[1-9]\d|1[0-5]\d|16[0-8])$/, "boş ya da 1 ile 168 arasında bir tam sayı olmalı"),
  // decisions §24: drawn or the physician's qualified electronic signature
  physicianSignatureType: z.enum(["cizim", "nitelikli"]),
});

export function SettingsForm({
  lang,
  defaultValidityHours,
  reminderHoursBefore,
  physicianSignatureType = "cizim",
}: {
  lang: Lang;
  defaultValidityHours: number;
  reminderHoursBefore: number | null;
  physicianSignatureType?: "cizim" | "nitelikli";
}) {
  const t = panelMessages[lang];
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), defaultValues: { defaultValidityHours: String(defaultValidityHours), reminderHoursBefore: reminderHoursBefore === null ? "" : String(reminderHoursBefore), physicianSignatureType },
  });
  const onSubmit = handleSubmit(async (v) => {
    setMessage(null);
    try {
      const r = await updateSettingsAction(v);
      setMessage(r.ok ? { ok: true, text: t.settings.saved } : { ok: false, text: [r.message, ...Object.values(r.fieldErrors ?? {}).flat()].join(" ") });
      if (r.ok) router.refresh();
    } catch {
      setMessage({ ok: false, text: t.common.unexpected });
    }
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
      <FormMessage text={message?.text} ok={message?.ok} />
      <div className="max-w-xs">
        <Field id="s-validity" label={t.settings.validity} error={e.defaultValidityHours?.message}>
          {/* defaultValue: the server-rendered page shows the saved value before hydration, not an empty field */}
          {(control) => <input defaultValue={String(defaultValidityHours)} type="number" inputMode="numeric" min={1} max={720} {...control} {...register("defaultValidityHours")} />}
        </Field>
      </div>
      <div className="max-w-md">
        <Field id="s-reminder" label={t.settings.reminder} hint={t.settings.reminderHint} error={e.reminderHoursBefore?.message}>
          {(control) => (
            <input defaultValue={reminderHoursBefore === null ? "" : String(reminderHoursBefore)} type="number" inputMode="numeric" min={1} max={168} {...control} {...register("reminderHoursBefore")} />
          )}
        </Field>
      </div>
      <div className="max-w-md">
        <Field id="s-physician-signature" label={t.settings.physicianSignature} error={e.physicianSignatureType?.message}>
          {(control) => (
            <select defaultValue={physicianSignatureType} {...control} {...register("physicianSignatureType")}>
              {(["cizim", "nitelikli"] as const).map((v) => (
                <option key={v} value={v}>
                  {t.settings.physicianSignatureTypes[v]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <SubmitButton pending={formState.isSubmitting} label={t.common.save} pendingLabel={t.common.saving} />
    </form>
  );
}
