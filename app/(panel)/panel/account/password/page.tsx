// /panel/account/password — the signed-in user's own new password (issue #51). Every role may open
// it; a user whose password someone else set (the owner adding them) is sent here at sign-in and
// may open nothing else until they change it.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { ChangePasswordForm } from "@/components/panel/change-password-form";
import { ui } from "@/components/panel/styles";

export default async function ChangePasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const user = await requirePanelUser("password");
  const { lang, t } = await panelLang(sp);
  const s = t.security.password;
  return (
    <PanelShell user={user} lang={lang} t={t} current="account" path="/panel/account/password">
      <h1 className={ui.h1}>{s.title}</h1>
      <section className={`${ui.card} mt-4`} aria-labelledby="password-intro">
        {user.mustChangePassword ? (
          <p role="alert" className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950" data-testid="password-change-required">
            {s.required}
          </p>
        ) : null}
        <p id="password-intro" className={`${ui.muted} mt-2`}>
          {s.intro}
        </p>
        <ChangePasswordForm lang={lang} />
      </section>
    </PanelShell>
  );
}
