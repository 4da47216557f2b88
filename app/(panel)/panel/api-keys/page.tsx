// /panel/api-keys — the owner's API keys: create with chosen scopes (secret shown once), last use, revoke
import { formatAt } from "@/lib/i18n/format";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { env } from "@/lib/env";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { ApiKeyCreate, RevokeKeyButton } from "@/components/panel/api-keys";
import { ui } from "@/components/panel/styles";

export default async function ApiKeysPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("apiKeys");
  const { lang, t } = await panelLang(await searchParams);
  const keys = await listApiKeys(user.tenantId);
  const tz = env().APP_TIMEZONE;
  return (
    <PanelShell user={user} lang={lang} t={t} current="apiKeys" path="/panel/api-keys">
      <h1 className={ui.h1}>{t.keys.title}</h1>
      <ApiKeyCreate lang={lang} />
      {keys.length === 0 ? (
        <p className={`${ui.card} mt-4`}>{t.keys.empty}</p>
      ) : (
        <ul className="mt-4 grid gap-2" data-testid="key-list">
          {keys.map((k) => (
            <li key={k.id} className={ui.card} data-key-id={k.id} data-revoked={!!k.revokedAt}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0">
                  <strong className="break-words">{k.name}</strong> <span className={`${ui.mono} text-slate-600`}>{k.id}</span>
                </p>
                {k.revokedAt ? (
                  <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm text-red-900">
                    {t.keys.revoked}: {formatAt(k.revokedAt, tz, lang)}
                  </span>
                ) : (
                  <RevokeKeyButton id={k.id} lang={lang} />
                )}
              </div>
              <p className={`${ui.muted} mt-1`}>
                {k.scopes.join(", ")} · {t.keys.created}: {formatAt(k.createdAt, tz, lang)} · {t.keys.lastUsed}:{" "}
                <span data-testid="last-used">{k.lastUsedAt ? formatAt(k.lastUsedAt, tz, lang) : t.keys.never}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </PanelShell>
  );
}
