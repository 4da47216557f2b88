// /panel/team — the team: users with their roles and physician details (admin and owner), and a form
// to add one (owner only: an admin who could add users could add an owner)
import { formatAt } from "@/lib/i18n/format";
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { listUsers } from "@/lib/panel/list-users";
import { canAccess } from "@/lib/panel/roles";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { UserCreateForm } from "@/components/panel/user-create-form";
import { PhysicianForm } from "@/components/panel/physician-form";
import { ui } from "@/components/panel/styles";

export default async function TeamPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("team");
  const { lang, t } = await panelLang(await searchParams);
  const users = await listUsers(user.tenantId);
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
              {u.isPhysician ? (
                <span className="ml-2 inline-block rounded-full bg-blue-100 px-2.5 py-0.5 text-sm font-medium text-blue-900" data-testid="physician-badge">
                  {t.physician.team.physician}
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
            <PhysicianForm lang={lang} user={{ id: u.id, email: u.email, name: u.name, isPhysician: u.isPhysician, registrationNo: u.registrationNo }} />
          </li>
        ))}
      </ul>
      {canAccess(user.role, "addUsers") ? <UserCreateForm lang={lang} /> : null}
    </PanelShell>
  );
}
