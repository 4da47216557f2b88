// /panel — the dashboard: last 30 days by status, completion rate, median time to sign and to the
// physician's countersignature, consents awaiting a physician, quota, licence
import { formatDay } from "@/lib/i18n/format";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { getDashboard } from "@/lib/consents/get-dashboard";
import { CONSENT_STATUSES, type ConsentStatus } from "@/lib/consents/consent-status";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { ui } from "@/components/panel/styles";
import { formatDuration } from "@/lib/i18n/format";

const BAR_COLOR: Record<ConsentStatus, string> = {
  sent: "bg-blue-600",
  completed: "bg-green-600",
  rejected: "bg-orange-600",
  expired: "bg-slate-500",
  cancelled: "bg-red-600",
  withdrawn: "bg-purple-600",
  signed: "bg-teal-600",
  superseded: "bg-slate-400",
};

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("dashboard");
  const { lang, t } = await panelLang(await searchParams);
  const d = await getDashboard(user.tenantId);
  const max = Math.max(1, ...Object.values(d.byStatus));
  return (
    <PanelShell user={user} lang={lang} t={t} current="dashboard" path="/panel">
      <h1 className={ui.h1}>{t.dashboard.title}</h1>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section className={ui.card} aria-labelledby="by-status">
          <h2 id="by-status" className={ui.h2}>
            {t.dashboard.last30}
          </h2>
          <ul className="mt-3 space-y-2" data-testid="status-chart">
            {CONSENT_STATUSES.map((s) => (
              <li key={s} className="grid grid-cols-[7rem_1fr_2.5rem] items-center gap-2 text-sm">
                <span>{t.status[s]}</span>
                <span className="h-4 rounded bg-slate-100" aria-hidden="true">
                  <span className={`block h-4 rounded ${BAR_COLOR[s]}`} style={{ width: `${(d.byStatus[s] / max) * 100}%` }} />
                </span>
                <span className="text-right font-mono" data-status={s}>
                  {d.byStatus[s]}
                </span>
              </li>
            ))}
          </ul>
          <p className={`${ui.muted} mt-3`}>
            {t.dashboard.total}: {d.total}
          </p>
        </section>
        <section className={`${ui.card} grid grid-cols-2 gap-4`}>
          <Stat label={t.dashboard.completionRate} value={d.completionRate === null ? "—" : t.dashboard.percent(Math.round(d.completionRate * 100))} />
          <Stat label={t.dashboard.medianSign} value={d.medianSignMs === null ? "—" : formatDuration(d.medianSignMs / 1000, lang)} />
          <Stat label={t.physician.dashboard.awaiting} value={String(d.awaitingCountersign)} testId="awaiting-countersign" />
          <Stat
            label={t.physician.dashboard.medianCountersign}
            value={d.medianCountersignMs === null ? "—" : formatDuration(d.medianCountersignMs / 1000, lang)}
            testId="median-countersign"
          />
          <Stat label={t.dashboard.quota} value={d.quota.unlimited ? t.dashboard.unlimited : String(d.quota.remaining)} />
          <Stat label={t.dashboard.licenseEnds} value={d.quota.licenseEnds ? formatDay(d.quota.licenseEnds, lang) : t.dashboard.noLicenseEnd} />
        </section>
      </div>
    </PanelShell>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <p className={ui.muted}>{label}</p>
      <p className="mt-1 text-2xl font-semibold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}
