// /panel/webhooks — the tenant's webhook address, events and signing secret, a test event, and the
// delivery history (every delivery with its attempts, filter by status, manual resend).
import { formatAt, formatWhen } from "@/lib/i18n/format";
import Link from "next/link";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { env } from "@/lib/env";
import { getWebhookEndpoint } from "@/lib/webhooks/get-webhook-endpoint";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-status";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { DeliveryHistory, ResendDeliveryButton, WebhookSettings } from "@/components/panel/webhooks";
import { ui } from "@/components/panel/styles";
import { deliveryErrorText } from "@/components/panel/webhook-errors";

const PAGE_SIZE = 25;
const STATUSES: DeliveryStatus[] = ["pending", "delivered", "failed"];
const BADGE: Record<DeliveryStatus, string> = {
  pending: "bg-amber-100 text-amber-950",
  delivered: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("webhooks");
  const sp = await searchParams;
  const { lang, t } = await panelLang(sp);
  const w = t.webhooks;
  const one = (k: string) => {
    const v = sp[k];
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? "";
  };
  const status = STATUSES.find((s) => s === one("status"));
  const before = /^\d{1,18}$/.test(one("before")) ? BigInt(one("before")) : undefined;
  const [endpoint, deliveries] = await Promise.all([
    getWebhookEndpoint(user.tenantId),
    listDeliveries(user.tenantId, { status, before, limit: PAGE_SIZE }),
  ]);
  const tz = env().APP_TIMEZONE;
  const href = (q: Record<string, string | undefined>) => {
    const all: Record<string, string | undefined> = { lang: sp.lang ? lang : undefined, ...q };
    const params = new URLSearchParams(Object.entries(all).filter((e): e is [string, string] => !!e[1]));
    const s = params.toString();
    return `/panel/webhooks${s ? `?${s}` : ""}`;
  };

  return (
    <PanelShell user={user} lang={lang} t={t} current="webhooks" path="/panel/webhooks">
      <h1 className={ui.h1}>{w.title}</h1>
      <WebhookSettings
        lang={lang}
        initial={endpoint ? { url: endpoint.url, events: endpoint.events } : null}
        previousValidUntil={endpoint?.previousSecretExpiresAt ? formatAt(endpoint.previousSecretExpiresAt, tz, lang) : null}
      />

      <section className="mt-6" aria-labelledby="wh-history">
        <h2 id="wh-history" className={ui.h2}>
          {w.history}
        </h2>
        <nav className="mt-2 flex flex-wrap gap-2" aria-label={w.history}>
          {[undefined, ...STATUSES].map((s) => (
            <Link key={s ?? "all"} href={href({ status: s })} aria-current={s === status ? "page" : undefined} className={s === status ? ui.primary : ui.secondary}>
              {s ? w.deliveryStatus[s] : w.all}
            </Link>
          ))}
        </nav>
        <DeliveryHistory>
          {deliveries.length === 0 ? (
            <p className={`${ui.card} mt-3`}>{w.noDeliveries}</p>
          ) : (
            <ul className="mt-3 grid gap-3" data-testid="delivery-list">
              {deliveries.map((d) => (
                <li key={d.id} className={`${ui.card} min-w-0`} data-delivery-id={d.id} data-status={d.status}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p>
                        <span className={`${ui.mono} text-slate-600`}>#{d.id}</span> <strong>{d.event}</strong>{" "}
                        <span className={`rounded-full px-2.5 py-0.5 text-sm ${BADGE[d.status]}`}>{w.deliveryStatus[d.status]}</span>
                      </p>
                      <p className={ui.muted}>
                        {d.consent_id ? (
                          <>
                            <Link className={ui.link} href={`/panel/consents/${d.consent_id}`}>
                              {d.consent_id}
                            </Link>{" "}
                            ·{" "}
                          </>
                        ) : null}
                        {formatWhen(d.created_at, lang, tz, true)}
                        {d.next_attempt_at ? ` · ${w.nextAttempt}: ${formatWhen(d.next_attempt_at, lang, tz, true)}` : ""}
                      </p>
                    </div>
                    <ResendDeliveryButton id={d.id} lang={lang} />
                  </div>
                  {d.attempts.length > 0 ? (
                    <div className="mt-2 overflow-x-auto">
                      <table className="w-full min-w-[28rem] text-left text-sm">
                        <thead className="text-slate-600">
                          <tr>
                            <th className="py-1 pr-3 font-medium">{w.attempt}</th>
                            <th className="py-1 pr-3 font-medium">{w.time}</th>
                            <th className="py-1 pr-3 font-medium">HTTP</th>
                            <th className="py-1 pr-3 font-medium">ms</th>
                            <th className="py-1 font-medium">{w.errorOrResponse}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {d.attempts.map((a) => (
                            <tr key={a.no} className="border-t border-slate-100 align-top" data-attempt={a.no}>
                              <td className="py-1 pr-3">
                                {a.no}
                                {a.trigger === "manual" ? ` (${w.manual})` : ""}
                              </td>
                              <td className="py-1 pr-3 whitespace-nowrap">{formatWhen(a.at, lang, tz, true)}</td>
                              <td className="py-1 pr-3" data-testid="attempt-status">
                                {a.status_code ?? "—"}
                              </td>
                              <td className="py-1 pr-3">{a.duration_ms}</td>
                              {/* An answered attempt shows what the endpoint said (its status is in the HTTP column, not again
                                  as "HTTP 500"); an unanswered one, why there was no answer. */}
                              <td className="py-1 break-all">{a.status_code !== null ? (a.response?.slice(0, 120) ?? "") : a.error ? deliveryErrorText(a.error, lang) : ""}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </DeliveryHistory>
        {deliveries.length === PAGE_SIZE ? (
          <p className="mt-3">
            <Link className={ui.link} href={href({ status, before: deliveries.at(-1)!.id })}>
              {w.older}
            </Link>
          </p>
        ) : null}
      </section>
    </PanelShell>
  );
}
