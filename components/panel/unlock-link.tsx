"use client";
// "Kilidi kaldır" on a completed consent's page (issue #49, owner and admin): shown while its signing
// link is locked after too many wrong codes; behind a confirmation, like the other consent actions.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { unlockLinkAction } from "@/lib/actions/consents";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

export function UnlockLink(props: { id: string; lang: Lang }) {
  const all = panelMessages[props.lang];
  const t = all.security.unlock;
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const unlock = () =>
    start(async () => {
      try {
        const r = await unlockLinkAction(props.id);
        setMessage(r.ok ? { ok: true, text: t.done } : { ok: false, text: r.message });
        if (r.ok) setConfirming(false);
        router.refresh();
      } catch {
        setMessage({ ok: false, text: all.common.unexpected });
      }
    });
  return (
    <section className={`${ui.card} space-y-2`} data-testid="link-lock">
      <FormMessage text={message?.text} ok={message?.ok} />
      <p className="text-sm">{t.locked}</p>
      {confirming ? (
        <div role="group" aria-labelledby="unlock-q" className="space-y-2 rounded-lg border border-slate-300 p-3">
          <p id="unlock-q" className="text-sm font-medium">
            {t.confirm}
          </p>
          <div className="flex flex-wrap gap-2">
            <SubmitButton type="button" pending={pending} label={t.yes} pendingLabel={t.pending} onClick={unlock} />
            <button type="button" className={ui.secondary} onClick={() => setConfirming(false)} disabled={pending}>
              {t.back}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={ui.secondary} onClick={() => setConfirming(true)}>
          {t.button}
        </button>
      )}
    </section>
  );
}
