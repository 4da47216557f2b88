"use client";
// A team member's sign-in security on the team page (issue #42): a one-time password-reset link, shown
// once with a copy button (the service sends no e-mail: it is passed on by hand), and, for the owner,
// resetting the member's two-factor sign-in behind a confirmation. The server checks who may do which.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { createResetLinkAction, resetTwoFactorAction } from "@/lib/actions/team-security";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { CopyButton } from "@/components/panel/copy-button";
import { FormMessage } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";

interface Props {
  lang: Lang;
  member: { id: string; label: string; twoFactor: boolean };
  canResetPassword: boolean;
  canResetTwoFactor: boolean;
}

export function MemberSignIn({ lang, member, canResetPassword, canResetTwoFactor }: Props) {
  const t = panelMessages[lang];
  const s = t.security.team;
  const router = useRouter();
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, start] = useTransition();
  const [running, setRunning] = useState<"link" | "totp" | null>(null);

  const makeLink = () => {
    setMessage(null);
    setRunning("link");
    start(async () => {
      const r = await createResetLinkAction(member.id).catch(() => null);
      if (r?.ok) {
        setLink(r.data.url);
        setMessage({ ok: true, text: s.created(r.data.hours) });
        router.refresh();
      } else setMessage({ ok: false, text: r?.message ?? t.common.unexpected });
      setRunning(null);
    });
  };
  const resetTotp = () => {
    setMessage(null);
    setRunning("totp");
    start(async () => {
      const r = await resetTwoFactorAction(member.id).catch(() => null);
      setMessage(r?.ok ? { ok: true, text: s.twoFactorReset } : { ok: false, text: r?.message ?? t.common.unexpected });
      if (r?.ok) {
        setConfirming(false);
        router.refresh();
      }
      setRunning(null);
    });
  };

  return (
    <details className="mt-2 rounded-lg border border-slate-200" data-testid="member-sign-in">
      <summary className={`cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-blue-800 ${ui.focus}`}>{s.manage(member.label)}</summary>
      <div className="space-y-3 px-3 pb-3">
        <FormMessage text={message?.text} ok={message?.ok} testId="member-sign-in-result" />
        {link ? (
          <section role="region" aria-label={s.link} className="rounded-xl border-2 border-amber-500 bg-amber-50 p-3" data-testid="reset-link">
            <p className="text-sm text-amber-950">{s.linkWarning}</p>
            <p className="mt-2 flex flex-wrap items-center gap-2">
              <code className={ui.mono} data-testid="reset-link-url">
                {link}
              </code>
              <CopyButton text={link} lang={lang} label={`${t.common.copy}: ${s.link}`} />
            </p>
          </section>
        ) : null}
        {canResetPassword ? <SubmitButton type="button" variant="secondary" pending={pending && running === "link"} label={s.resetLink} pendingLabel={s.creating} onClick={makeLink} /> : null}
        {canResetTwoFactor && member.twoFactor ? (
          confirming ? (
            <div role="group" aria-labelledby={`totp-reset-${member.id}`} className="space-y-2 rounded-lg border border-red-300 p-3">
              <p id={`totp-reset-${member.id}`} className="text-sm font-medium">
                {s.resetTwoFactorConfirm}
              </p>
              <div className="flex flex-wrap gap-2">
                <SubmitButton type="button" variant="danger" pending={pending && running === "totp"} label={s.resetTwoFactorYes} pendingLabel={t.common.saving} onClick={resetTotp} />
                <button type="button" className={ui.secondary} onClick={() => setConfirming(false)} disabled={pending}>
                  {s.back}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className={ui.danger} onClick={() => setConfirming(true)}>
              {s.resetTwoFactor}
            </button>
          )
        ) : null}
      </div>
    </details>
  );
}
