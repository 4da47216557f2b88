// /panel/countersign — "awaiting my signature" (decisions §19): the tenant's consents the person signed
// that await the informing physician, for a user marked as physician (anyone else: 403)
import Link from "next/link";
import { requirePhysician } from "@/lib/users/require-panel-user";
import { listCountersignQueue, QUEUE_LIMIT } from "@/lib/consents/list-countersign-queue";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { ui } from "@/components/panel/styles";
import { DetailRow } from "@/components/panel/detail-row";
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";

export default async function CountersignQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePhysician();
  const { lang, t } = await panelLang(await searchParams);
  const tz = env().APP_TIMEZONE;
  const q = t.physician.queue;
  const { items, total } = await listCountersignQueue(user.tenantId, user.name);
  return (
    <PanelShell user={user} lang={lang} t={t} current="countersign" path="/panel/countersign">
      <h1 className={ui.h1}>{q.title}</h1>
      <p className={`${ui.muted} mt-1`}>{q.intro}</p>
      <p className="mt-3 text-sm font-medium" data-testid="queue-count">
        {q.count(total)}
        {total > QUEUE_LIMIT ? ` ${q.shown(items.length, total)}` : ""}
      </p>
      {items.length === 0 ? (
        <p className={`${ui.card} mt-3`}>{q.empty}</p>
      ) : (
        <ol className="mt-3 grid gap-2" data-testid="countersign-queue">
          {items.map((c) => (
            <li key={c.id} className={`${ui.card} ${c.mine ? "border-l-4 border-l-blue-700" : ""}`} data-consent={c.id}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{c.patientName ?? "—"}</p>
                  {c.approver.type !== "hasta" && c.approver.name ? (
                    <p className="text-sm break-words">{q.approver(t.consentForm.approverTypes[c.approver.type] ?? c.approver.type, c.approver.name)}</p>
                  ) : null}
                  <p className="text-sm break-words text-slate-700">{c.procedure ? `${c.title} · ${c.procedure}` : c.title}</p>
                  {c.mine ? <p className="mt-1 inline-block rounded-full bg-blue-100 px-2.5 py-0.5 text-sm font-medium text-blue-900">{q.mine}</p> : null}
                </div>
                <Link href={`/panel/countersign/${c.id}`} className={ui.primary} aria-label={`${q.open}: ${c.patientName ?? c.id}`}>
                  {q.open}
                </Link>
              </div>
              <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
                <DetailRow label={q.signedAt} value={c.signedAt ? formatWhen(c.signedAt, lang, tz) : null} />
                <DetailRow label={q.physicianField} value={c.physician} />
                <div className="min-w-0">
                  <dt className="text-slate-600">{q.consentId}</dt>
                  <dd className="font-mono text-xs break-all">{c.id}</dd>
                </div>
                <DetailRow label={t.consents.template} value={`${c.templateCode} v${c.templateVersion}`} />
              </dl>
            </li>
          ))}
        </ol>
      )}
    </PanelShell>
  );
}
