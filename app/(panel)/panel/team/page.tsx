// /panel/team — the owner's team: users with their roles, and a form to add one
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { listUsers } from "@/lib/panel/list-users";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { formatDateTime } from "@/lib/time";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { UserCreateForm } from "@/components/panel/user-create-form";
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
          <li key={u.id} className={ui.card}>
            <p className="break-words">
              <strong>{u.name ?? u.email}</strong>
              {u.name ? ` · ${u.email}` : ""} · {t.team.roles[u.role] ?? u.role}
            </p>
            <p className={ui.muted}>
              {t.team.lastLogin}: {u.lastLoginAt ? formatDateTime(u.lastLoginAt, tz) : "—"}
              {u.lockedUntil && u.lockedUntil > at ? ` · ${t.team.lockedUntil(formatDateTime(u.lockedUntil, tz))}` : ""}
            </p>
          </li>
        ))}
      </ul>
      <UserCreateForm lang={lang} />
    </PanelShell>
  );
}
