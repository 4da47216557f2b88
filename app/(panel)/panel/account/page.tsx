// /panel/account — the signed-in user's own account (issue #42): who they are, and their two-factor
// sign-in (turn on with a QR code and a code, recovery codes, turn off with the password). Every role
// may open it; where the tenant requires two-factor sign-in, a user without it may open nothing else.
// Issue #51: a physician's saved signature for countersignatures (drawn here, replaced, deleted).
import { formatAt } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { countRecoveryCodesLeft } from "@/lib/users/count-recovery-codes";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { TwoFactorSetup } from "@/components/panel/two-factor-setup";
import { TwoFactorDisable } from "@/components/panel/two-factor-disable";
import { FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";
import { DetailRow } from "@/components/panel/detail-row";
import Link from "next/link";
import { PASSWORD_PATH } from "@/lib/users/require-panel-user";
import { getSavedSignature } from "@/lib/users/saved-signature";
import { SavedSignatureCard } from "@/components/panel/saved-signature-card";

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const user = await requirePanelUser("account");
  const { lang, t } = await panelLang(sp);
  const s = t.security;
  const since = user.twoFactorSince;
  const saved = await getSavedSignature(user);
  return (
    <PanelShell user={user} lang={lang} t={t} current="account" path="/panel/account">
      <h1 className={ui.h1}>{s.account.title}</h1>
      <section className={`${ui.card} mt-4`} aria-label={s.account.who}>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <DetailRow label={s.account.who} value={user.name ? `${user.name} · ${user.email}` : user.email} />
          <DetailRow label={s.account.role} value={t.team.roles[user.role] ?? user.role} />
        </dl>
        <p className="mt-3">
          <Link href={PASSWORD_PATH} className={ui.link} data-testid="change-password-link">
            {s.password.nav}
          </Link>
        </p>
      </section>
      <section className={`${ui.card} mt-4`} aria-labelledby="two-factor">
        <h2 id="two-factor" className={ui.h2}>
          {s.twoFactor.title}
        </h2>
        {user.mustSetUpTwoFactor ? (
          <p role="alert" className="mt-2 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950" data-testid="two-factor-required">
            {s.twoFactor.required}
          </p>
        ) : null}
        <p className={`${ui.muted} mt-2`}>{s.twoFactor.intro}</p>
        {since ? (
          <>
            <p className="mt-3 text-sm font-medium" data-testid="two-factor-status">
              {s.twoFactor.on(formatAt(since, env().APP_TIMEZONE, lang))}
            </p>
            <p className="mt-1 text-sm">{s.twoFactor.codesLeft(await countRecoveryCodesLeft(user.tenantId, user.id))}</p>
            <TwoFactorDisable lang={lang} />
          </>
        ) : (
          <>
            {sp.off ? (
              <div className="mt-3">
                <FormMessage text={s.twoFactor.disabled} ok testId="two-factor-result" />
              </div>
            ) : null}
            <TwoFactorSetup lang={lang} />
          </>
        )}
      </section>
      {user.isPhysician || saved ? (
        <SavedSignatureCard
          lang={lang}
          mayDraw={user.isPhysician}
          saved={saved ? { dataUrl: saved.dataUrl, savedAt: formatAt(saved.savedAt, env().APP_TIMEZONE, lang) } : null}
        />
      ) : null}
    </PanelShell>
  );
}
