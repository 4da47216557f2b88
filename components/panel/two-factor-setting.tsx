"use client";
// The settings page's own section for "two-factor sign-in required" (issue #42): a switch and its
// save, apart from the rest of the settings form. The server refuses to turn it on for an owner who
// has not turned on two-factor sign-in themselves, and says so.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { setTwoFactorRequiredAction } from "@/lib/actions/settings-two-factor";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

const schema = z.object({ required: z.boolean() });

export function TwoFactorSetting({ lang, required }: { lang: Lang; required: boolean }) {
  const t = panelMessages[lang];
  const s = t.security.settings;
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), defaultValues: { required } });
  const onSubmit = handleSubmit(async (v) => {
    setMessage(null);
    try {
      const r = await setTwoFactorRequiredAction(v.required);
      setMessage(r.ok ? { ok: true, text: r.data.required ? s.on : s.off } : { ok: false, text: r.message });
      if (r.ok) router.refresh();
    } catch {
      setMessage({ ok: false, text: t.common.unexpected });
    }
  });
  return (
    <section className={`${ui.card} mt-4`} aria-labelledby="two-factor-setting">
      <h2 id="two-factor-setting" className={ui.h2}>
        {s.title}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
        <FormMessage text={message?.text} ok={message?.ok} testId="two-factor-setting-result" />
        <div className="flex items-start gap-2">
          <input id="s-two-factor" type="checkbox" defaultChecked={required} aria-describedby="s-two-factor-hint" className={`mt-1 size-5 shrink-0 ${ui.focus}`} {...register("required")} />
          <div>
            <label htmlFor="s-two-factor" className="text-sm font-medium">
              {s.label}
            </label>
            <p id="s-two-factor-hint" className={`${ui.muted} mt-1`}>
              {s.hint}
            </p>
          </div>
        </div>
        <SubmitButton pending={formState.isSubmitting} label={s.save} pendingLabel={t.common.saving} />
      </form>
    </section>
  );
}
