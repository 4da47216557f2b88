// /panel/consents — the tenant's consents: a search by the person (name, phone or national id) and
// filters (status, dates, external ref, patient id), paginated
import { formatWhen } from "@/lib/i18n/format";
import Link from "next/link";
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { listConsents } from "@/lib/consents/list-consents";
import { patientSearch } from "@/lib/consents/patient-search";
import { CONSENT_FILTERS, SEARCH_PARAM, decryptFilters } from "@/lib/panel/consent-list-params";
import { findConsentsAction } from "@/app/(panel)/panel/consents/actions";
import { CONSENT_STATUSES } from "@/lib/consents/consent-status";
import { AppError } from "@/lib/errors";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { StatusBadge } from "@/components/panel/status-badge";
import { Field } from "@/components/panel/field";
import { PageTitle } from "@/components/panel/page-title";
import { ui } from "@/components/panel/styles";

const PAGE_SIZE = 20;

export default async function ConsentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("consents");
  const sp = await searchParams;
  const { lang, t } = await panelLang(sp);
  const one = (k: string) => {
    const v = sp[k];
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? "";
  };
  const plain = Object.fromEntries(CONSENT_FILTERS.map((k) => [k, one(k)]).filter(([, v]) => v !== "")) as Record<string, string>;
  const sealed = one(SEARCH_PARAM);
  const opened = sealed ? decryptFilters(user, sealed) : null;
  const q = opened?.q ?? null;
  const filters: Record<string, string> = { ...plain, ...(opened?.external_patient_id ? { external_patient_id: opened.external_patient_id } : {}) };
  const page = Math.max(1, Math.min(100_000, Number.parseInt(one("page") || "1", 10) || 1));
  let result: Awaited<ReturnType<typeof listConsents>> | null = null;
  let error: string | null = null;
  // Sealed for another user, or under a key no longer configured: the search is asked for again.
  let searchError: string | null = sealed && opened === null ? t.consents.searchLost : null;
  try {
    const patient = q ? patientSearch(user.tenantId, q) : undefined;
    if (!searchError) result = await listConsents(user.tenantId, { ...filters, limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) }, patient);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.errors?.q) searchError = t.consents.searchInvalid;
    else error = [err.message, ...Object.entries(err.errors ?? {}).map(([k, v]) => `${k}: ${v.join(", ")}`)].join(" ");
  }
  const pages = result ? Math.max(1, Math.ceil(result.count / PAGE_SIZE)) : 1;
  const pageHref = (p: number) => `/panel/consents?${new URLSearchParams({ ...plain, ...(sealed ? { [SEARCH_PARAM]: sealed } : {}), page: String(p) }).toString()}`;

  return (
    <PanelShell user={user} lang={lang} t={t} current="consents" path="/panel/consents">
      <PageTitle action={{ href: "/panel/consents/new", label: t.consents.new }}>{t.consents.title}</PageTitle>
      <form action={findConsentsAction} className={`${ui.card} mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5`} aria-label={t.consents.filters}>
        <Field id="f-q" label={t.consents.search} hint={t.consents.searchHint} error={searchError} className="sm:col-span-2 lg:col-span-5">
          {(control) => <input name="q" type="search" defaultValue={q ?? ""} autoComplete="off" maxLength={200} {...control} />}
        </Field>
        <Field id="f-status" label={t.consents.status}>
          {(control) => (
            <select name="status" defaultValue={filters.status ?? ""} {...control}>
              <option value="">{t.consents.anyStatus}</option>
              {CONSENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t.status[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="f-from" label={t.consents.from}>
          {(control) => <input name="from" type="date" defaultValue={filters.from ?? ""} {...control} />}
        </Field>
        <Field id="f-to" label={t.consents.to}>
          {(control) => <input name="to" type="date" defaultValue={filters.to ?? ""} {...control} />}
        </Field>
        <Field id="f-ref" label={t.consents.externalRef}>
          {(control) => <input name="external_ref" defaultValue={filters.external_ref ?? ""} {...control} />}
        </Field>
        <Field id="f-pid" label={t.consents.patientId}>
          {(control) => <input name="external_patient_id" defaultValue={filters.external_patient_id ?? ""} {...control} />}
        </Field>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={ui.primary}>
            {t.consents.apply}
          </button>
          <Link href="/panel/consents" className={ui.secondary}>
            {t.consents.clear}
          </Link>
        </div>
      </form>

      {error ? (
        <p role="alert" className={`${ui.alert} mt-4`}>
          {error}
        </p>
      ) : null}
      {result ? (
        <section className="mt-4" aria-live="polite">
          <p className={ui.muted}>{t.consents.count(result.count)}</p>
          {result.data.length === 0 ? (
            <p className={`${ui.card} mt-2`}>{t.consents.empty}</p>
          ) : (
            <ul className="mt-2 grid gap-2" data-testid="consent-list">
              {result.data.map((c) => (
                <li key={c.id} className={ui.card}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link href={`/panel/consents/${c.id}`} className={`${ui.link} font-mono text-sm break-all`}>
                      {c.id}
                    </Link>
                    <StatusBadge status={c.status} label={t.status[c.status]} />
                  </div>
                  <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                    <Item k={t.consents.patient} v={c.patient.name ?? "—"} />
                    <Item k={t.consents.template} v={`${c.template.code} v${c.template.version}`} />
                    <Item k={t.consents.externalRef} v={c.external_ref || "—"} />
                    <Item k={t.consents.created} v={formatWhen(c.created_at, lang)} />
                  </dl>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 || page > pages ? (
            <nav className="mt-4 flex flex-wrap items-center gap-3" aria-label={t.consents.page(page, pages)}>
              {page > 1 ? (
                // Past the last page (an old bookmark), "previous" leads back to the last real one.
                <Link href={pageHref(Math.min(page - 1, pages))} className={ui.secondary}>
                  {t.consents.prev}
                </Link>
              ) : null}
              <span className={ui.muted}>{t.consents.page(page, pages)}</span>
              {page < pages ? (
                <Link href={pageHref(page + 1)} className={ui.secondary}>
                  {t.consents.next}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </PanelShell>
  );
}

function Item({ k, v }: { k: string; v: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{k}</dt>
      <dd className="break-words">{v}</dd>
    </div>
  );
}
