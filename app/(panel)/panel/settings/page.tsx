// /panel/settings — tenant settings (default validity editable, storage mode shown) and, with the file
// SMS driver, the tenant's messages in the SMS outbox
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { getTenantSettings } from "@/lib/tenants/tenant-settings";
import { readSmsOutbox } from "@/lib/consents/read-sms-outbox";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { SettingsForm } from "@/components/panel/settings-form";
import { BrandingSection } from "@/components/panel/branding-section";
import { TwoFactorSetting } from "@/components/panel/two-factor-setting";
import { ui } from "@/components/panel/styles";
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";

export default async function SettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("settings");
  const { lang, t } = await panelLang(await searchParams);
  const tz = env().APP_TIMEZONE;
  const [s, outbox] = await Promise.all([getTenantSettings(user.tenantId), readSmsOutbox(user.tenantId)]);
  return (
    <PanelShell user={user} lang={lang} t={t} current="settings" path="/panel/settings">
      <h1 className={ui.h1}>{t.settings.title}</h1>
      <section className={`${ui.card} mt-4`}>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">{t.settings.institution}</dt>
            <dd>
              {s.name} ({s.code}, {s.type})
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t.settings.storage}</dt>
            <dd data-testid="storage-mode">{t.settings.storageModes[s.storageMode] ?? s.storageMode}</dd>
          </div>
        </dl>
        <SettingsForm lang={lang} defaultValidityHours={s.defaultValidityHours} reminderHoursBefore={s.reminderHoursBefore} physicianSignatureType={s.physicianSignatureType} />
      </section>
      <BrandingSection tenantId={user.tenantId} lang={lang} />
      <TwoFactorSetting lang={lang} required={s.requireTwoFactor} />
      {outbox ? (
        <section className={`${ui.card} mt-4`} aria-labelledby="outbox">
          <h2 id="outbox" className={ui.h2}>
            {t.settings.outbox}
          </h2>
          {outbox.length === 0 ? (
            <p className="mt-2 text-sm">{t.settings.outboxEmpty}</p>
          ) : (
            <ul className="mt-2 space-y-2 text-sm" data-testid="sms-outbox">
              {outbox.map((m, i) => (
                <li key={`${m.at}-${i}`} className="rounded-lg border border-slate-200 p-2">
                  <p className="text-slate-600">
                    {formatWhen(m.at, lang, tz, true)} · {m.kind} · {m.to} · <span className="font-mono">{m.consentId}</span>
                  </p>
                  <p className="break-words">{m.body}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </PanelShell>
  );
}
