"use client";
// The owner's controls for one team member (issue #42): their role, and switching their account off
// (behind a confirmation) or back on. The server refuses the owner's own account and the last owner.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setTeamMemberAction } from "@/lib/actions/team";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { Field, FormMessage } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";
import type { TeamMemberChange } from "@/lib/users/set-team-member";

const ROLES = ["staff", "admin", "owner"] as const;

export function TeamMemberControls({ lang, member }: { lang: Lang; member: { id: string; label: string; role: string; active: boolean } }) {
  const all = panelMessages[lang];
  const t = all.team;
  const router = useRouter();
  const [role, setRole] = useState<(typeof ROLES)[number]>(ROLES.find((r) => r === member.role) ?? "staff");
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const [running, setRunning] = useState<"role" | "active" | null>(null);

  const run = (what: "role" | "active", change: TeamMemberChange, done: string) => {
    setMessage(null);
    setRunning(what);
    start(async () => {
      try {
        const r = await setTeamMemberAction(member.id, change);
        setMessage(r.ok ? { ok: true, text: done } : { ok: false, text: r.message });
        if (r.ok) {
          setConfirming(false);
          router.refresh();
        }
      } catch {
        setMessage({ ok: false, text: all.common.unexpected });
      }
      setRunning(null);
    });
  };

  return (
    <details className="mt-2 rounded-lg border border-slate-200" data-testid="member-controls">
      <summary className={`cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-blue-800 ${ui.focus}`}>{t.manage(member.label)}</summary>
      <div className="space-y-3 px-3 pb-3">
        <FormMessage text={message?.text} ok={message?.ok} />
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            run("role", { role }, t.roleSaved(t.roles[role] ?? role));
          }}
        >
          <div className="min-w-40">
            <Field id={`role-${member.id}`} label={t.role}>
              {(control) => (
                <select {...control} value={role} onChange={(e) => setRole(ROLES.find((r) => r === e.target.value) ?? "staff")}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t.roles[r]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <SubmitButton pending={pending && running === "role"} label={t.changeRole} pendingLabel={t.saving} />
        </form>
        {!member.active ? (
          <SubmitButton type="button" pending={pending && running === "active"} label={t.reactivate} pendingLabel={t.saving} onClick={() => run("active", { active: true }, t.reactivated)} />
        ) : confirming ? (
          <div role="group" aria-labelledby={`deact-${member.id}`} className="space-y-2 rounded-lg border border-red-300 p-3">
            <p id={`deact-${member.id}`} className="text-sm font-medium">
              {t.deactivateConfirm}
            </p>
            <div className="flex flex-wrap gap-2">
              <SubmitButton type="button" variant="danger" pending={pending && running === "active"} label={t.deactivateYes} pendingLabel={t.saving} onClick={() => run("active", { active: false }, t.deactivated)} />
              <button type="button" className={ui.secondary} onClick={() => setConfirming(false)} disabled={pending}>
                {t.back}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className={ui.danger} onClick={() => setConfirming(true)}>
            {t.deactivate}
          </button>
        )}
      </div>
    </details>
  );
}
