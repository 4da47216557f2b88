// /panel/team — the team: users with their roles and physician details (admin and owner); for the
// owner, each other member's physician details (issue #49: never an admin's, never one's own), a form to add one (an admin who could add users could add an owner), each member's role and
// account switch, and the panel's action log; sign-in security (issue #42): a one-time password-reset
// link for a member (owner: anyone else; admin: staff), and the owner's reset of a member's two-factor sign-in
import { formatAt } from "@/lib/i18n/format";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { listUsers } from "@/lib/users/list-users";
import { canAccess, mayChangePhysician, mayResetPasswordOf } from "@/lib/users/roles";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { UserCreateForm } from "@/components/panel/user-create-form";
import { PhysicianForm } from "@/components/panel/physician-form";
import { TeamMemberControls } from "@/components/panel/team-member-controls";
import { MemberSignIn } from "@/components/panel/member-sign-in";
import { listPanelActions } from "@/lib/users/panel-audit";
import { ui } from "@/components/panel/styles";

export default async function TeamPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("team");
  const { lang, t } = await panelLang(await searchParams);
  const owner = canAccess(user.role, "addUsers");
  const [users, actions] = await Promise.all([listUsers(user.tenantId), owner ? listPanelActions(user.tenantId) : null]);
  const tz = env().APP_TIMEZONE;
  const at = now();
  return (
    <PanelShell user={user} lang={lang} t={t} current="team" path="/panel/team">
      <h1 className={ui.h1}>{t.team.title}</h1>
      <ul className="mt-4 grid gap-2" data-testid="user-list">
        {users.map((u) => (
          <li key={u.id} className={ui.card} data-email={u.email}>
            <p className="break-words">
              <strong>{u.name ?? u.email}</strong>
              {u.name ? ` · ${u.email}` : ""} · {t.team.roles[u.role] ?? u.role}
              {u.disabledAt ? (
                <span className="ml-2 inline-block rounded-full bg-slate-200 px-2.5 py-0.5 text-sm font-medium text-slate-800" data-testid="disabled-badge">
                  {t.team.disabled}
                </span>
              ) : null}
              {u.isPhysician ? (
                <span className="ml-2 inline-block rounded-full bg-blue-100 px-2.5 py-0.5 text-sm font-medium text-blue-900" data-testid="physician-badge">
                  {t.physician.team.physician}
                </span>
              ) : null}
              {u.totpEnabledAt ? (
                <span className="ml-2 inline-block rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-medium text-green-900" data-testid="two-factor-badge">
                  {t.security.team.twoFactorBadge}
                </span>
              ) : null}
              {u.mustChangePassword ? (
                <span className="ml-2 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-medium text-amber-950" data-testid="must-change-badge">
                  {t.security.team.mustChangeBadge}
                </span>
              ) : null}
            </p>
            {u.isPhysician && u.registrationNo ? (
              <p className="text-sm break-words" data-testid="registration-no">
                {t.physician.team.registrationOf(u.registrationNo)}
              </p>
            ) : null}
            <p className={ui.muted}>
              {t.team.lastLogin}: {u.lastLoginAt ? formatAt(u.lastLoginAt, tz, lang) : "—"}
              {u.lockedUntil && u.lockedUntil > at ? ` · ${t.team.lockedUntil(formatAt(u.lockedUntil, tz, lang))}` : ""}
            </p>
            {mayChangePhysician(user, u.id) ? <PhysicianForm lang={lang} user={{ id: u.id, email: u.email, name: u.name, isPhysician: u.isPhysician, registrationNo: u.registrationNo }} /> : null}
            {owner && u.id !== user.id ? <TeamMemberControls lang={lang} member={{ id: u.id, label: u.name ?? u.email, role: u.role, active: !u.disabledAt }} /> : null}
            {u.id !== user.id && !u.disabledAt && (mayResetPasswordOf(user.role, u) || (owner && u.totpEnabledAt)) ? (
              <MemberSignIn
                lang={lang}
                member={{ id: u.id, label: u.name ?? u.email, twoFactor: u.totpEnabledAt !== null }}
                canResetPassword={mayResetPasswordOf(user.role, u)}
                canResetTwoFactor={owner}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {owner ? <UserCreateForm lang={lang} /> : null}
      {actions ? (
        <section className={`${ui.card} mt-4`} aria-labelledby="audit">
          <h2 id="audit" className={ui.h2}>
            {t.team.audit}
          </h2>
          <p className={ui.muted}>{t.team.auditIntro}</p>
          {actions.length === 0 ? (
            <p className="mt-2 text-sm">{t.team.auditEmpty}</p>
          ) : (
            <ol className="mt-2 space-y-1 text-sm" data-testid="audit-log">
              {actions.map((a) => (
                <li key={a.id} className="break-words" data-action={a.action}>
                  {formatAt(a.at, tz, lang)} · <strong>{a.actor}</strong> {t.team.actions[a.action] ?? t.security.team.actions[a.action] ?? a.action}
                  {a.target ? <span className={ui.mono}> · {a.target}</span> : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </PanelShell>
  );
}
