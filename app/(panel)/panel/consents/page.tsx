// /panel/consents — the tenant's consents: a search by the person (name, phone or national id) and
// filters (status, dates, external ref, patient id), paginated
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import Link from "next/link";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { listPanelConsents } from "@/lib/consents/list-panel-consents";
import { consentTitle } from "@/lib/consents/consent-title";
import { patientSearch } from "@/lib/consents/patient-search";
import { FIELD_MAX, SEARCH_PARAM, ZIP_EMPTY_PARAM, readConsentListAddress } from "@/lib/consents/consent-list-params";
import { listTemplateChoices } from "@/lib/templates/list-template-choices";
import { MAX_ROWS } from "@/lib/consents/export-consents-csv";
import { MAX_BYTES, MAX_DOCUMENTS } from "@/lib/consents/zip-consent-documents";
import { SCAN_LIMIT } from "@/lib/consents/panel-consent-filter";
import { LANGUAGES, NATIVE_NAMES } from "@/lib/i18n/languages";
import { findConsentsAction } from "@/lib/actions/consents";
import { CONSENT_STATUSES } from "@/lib/consents/consent-status";
import { AppError } from "@/lib/errors";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { StatusBadge } from "@/components/panel/status-badge";
import { Field } from "@/components/panel/field";
import { PageTitle } from "@/components/panel/page-title";
import { ui } from "@/components/panel/styles";
import { DetailRow } from "@/components/panel/detail-row";

const PAGE_SIZE = 20;

export default async function ConsentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("consents");
  const sp = await searchParams;
  const { lang, t } = await panelLang(sp);
  const tz = env().APP_TIMEZONE;
  const { plain, searchToken, opened, filters } = readConsentListAddress(user, sp);
  const q = opened?.q ?? null;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(String(sp.page ?? "1"), 10) || 1));
  const templates = await listTemplateChoices(user.tenantId);
  let result: Awaited<ReturnType<typeof listPanelConsents>> | null = null;
  let error: string | null = null;
  // A search token made for another user, or under a key no longer configured: the search is asked for again.
  let searchError: string | null = searchToken && opened === null ? t.consents.searchLost : null;
  try {
    const patient = q ? patientSearch(user.tenantId, q) : undefined;
    if (!searchError) result = await listPanelConsents(user.tenantId, { ...filters, limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) }, patient);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.errors?.q) searchError = t.consents.searchInvalid;
    else error = [err.message, ...Object.entries(err.errors ?? {}).map(([k, v]) => `${k}: ${v.join(", ")}`)].join(" ");
  }
  const pages = result ? Math.max(1, Math.ceil(result.count / PAGE_SIZE)) : 1;
  const kept = new URLSearchParams({ ...plain, ...(searchToken ? { [SEARCH_PARAM]: searchToken } : {}) });
  const pageHref = (p: number) => `/panel/consents?${new URLSearchParams({ ...Object.fromEntries(kept), page: String(p) }).toString()}`;
  const exportHref = `/panel/consents/export${kept.size ? `?${kept.toString()}` : ""}`;
  const zipHref = `/panel/consents/documents${kept.size ? `?${kept.toString()}` : ""}`;

  return (
    <PanelShell user={user} lang={lang} t={t} current="consents" path="/panel/consents">
      <PageTitle action={{ href: "/panel/consents/new", label: t.consents.new }}>{t.consents.title}</PageTitle>
      <form action={findConsentsAction} className={`${ui.card} mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4`} aria-label={t.consents.filters}>
        <Field id="f-q" label={t.consents.search} hint={t.consents.searchHint} error={searchError} className="sm:col-span-2 lg:col-span-4">
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
        <Field id="f-template" label={t.consents.template}>
          {(control) => (
            <select name="template" defaultValue={filters.template ?? ""} {...control}>
              <option value="">{t.consents.anyTemplate}</option>
              {templates.map((tp) => (
                <option key={tp.code} value={tp.code}>
                  {tp.title} ({tp.code})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="f-language" label={t.consents.language}>
          {(control) => (
            <select name="language" defaultValue={filters.language ?? ""} {...control}>
              <option value="">{t.consents.anyLanguage}</option>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {NATIVE_NAMES[l]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="f-physician" label={t.consents.physician}>
          {(control) => <input name="physician" defaultValue={filters.physician ?? ""} autoComplete="off" maxLength={FIELD_MAX} {...control} />}
        </Field>
        <Field id="f-procedure" label={t.consents.procedure}>
          {(control) => <input name="procedure" defaultValue={filters.procedure ?? ""} autoComplete="off" maxLength={FIELD_MAX} {...control} />}
        </Field>
        <Field id="f-ref" label={t.consents.externalRef}>
          {(control) => <input name="external_ref" defaultValue={filters.external_ref ?? ""} maxLength={FIELD_MAX} {...control} />}
        </Field>
        <Field id="f-pid" label={t.consents.patientId}>
          {(control) => <input name="external_patient_id" defaultValue={filters.external_patient_id ?? ""} autoComplete="off" maxLength={FIELD_MAX} {...control} />}
        </Field>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={ui.primary}>
            {t.consents.apply}
          </button>
          <Link href="/panel/consents" className={ui.secondary}>
            {t.consents.clear}
          </Link>
        </div>
      </form>

      {sp[ZIP_EMPTY_PARAM] ? (
        <p role="status" className={`${ui.alert} mt-4`} data-testid="zip-empty">
          {t.consents.zipEmpty}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={`${ui.alert} mt-4`}>
          {error}
        </p>
      ) : null}
      {result ? (
        <section className="mt-4" aria-live="polite">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className={ui.muted}>{t.consents.count(result.count)}</p>
            {result.count > 0 ? (
              <div className="flex flex-wrap gap-2">
                <a href={exportHref} className={ui.secondary} download data-testid="export-csv" aria-describedby="export-hint">
                  {t.consents.exportCsv}
                </a>
                <a href={zipHref} className={ui.secondary} data-testid="export-zip" aria-describedby="export-hint">
                  {t.consents.exportZip}
                </a>
              </div>
            ) : null}
          </div>
          {result.count > 0 ? (
            <p id="export-hint" className={`${ui.muted} mt-1`}>
              {t.consents.exportHint(MAX_ROWS)} {t.consents.zipHint(MAX_DOCUMENTS, MAX_BYTES / 1024 / 1024)}
            </p>
          ) : null}
          {result.scanCapped ? (
            <p className={`${ui.alert} mt-2`} role="status" data-testid="scan-capped">
              {t.consents.scanCapped(SCAN_LIMIT)}
            </p>
          ) : null}
          {result.data.length === 0 ? (
            <p className={`${ui.card} mt-2`}>{t.consents.empty}</p>
          ) : (
            <ul className="mt-2 grid gap-2" data-testid="consent-list">
              {result.data.map((c) => (
                <li key={c.id} className={ui.card}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-semibold break-words">
                        <Link href={`/panel/consents/${c.id}`} className={ui.link} data-testid="consent-title">
                          {consentTitle(c)}
                        </Link>
                      </h2>
                      <p className="font-mono text-xs break-all text-slate-600" data-testid="consent-id">
                        {c.id}
                      </p>
                    </div>
                    <StatusBadge status={c.status} label={t.status[c.status]} />
                  </div>
                  <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                    <DetailRow label={t.consents.patient} value={c.patient.name} />
                    <DetailRow label={t.consents.template} value={`${c.template.code} v${c.template.version}`} />
                    <DetailRow label={t.consents.externalRef} value={c.external_ref} />
                    <DetailRow label={t.consents.created} value={formatWhen(c.created_at, lang, tz)} />
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
