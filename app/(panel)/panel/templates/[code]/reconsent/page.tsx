// /panel/templates/[code]/reconsent — the template's consents awaiting re-consent after a material
// change (decisions §22), paged; the rows chosen get their re-consent once the user confirmed the count
// and its quota cost (issue #51)
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { listAwaitingReconsent } from "@/lib/consents/list-awaiting-reconsent";
import { MAX_PER_ACTION } from "@/lib/consents/send-reconsents";
import { AppError } from "@/lib/errors";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { PageTitle } from "@/components/panel/page-title";
import { ui } from "@/components/panel/styles";
import { ReconsentSelection, type ReconsentRow } from "@/components/panel/reconsent-selection";

// "Select all" takes a page: at most MAX_PER_ACTION, the most one action sends.
const PAGE_SIZE = 50;

export default async function ReconsentPage(props: { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("consents");
  const code = decodeURIComponent((await props.params).code);
  const sp = await props.searchParams;
  const { lang, t } = await panelLang(sp);
  const tz = env().APP_TIMEZONE;
  const one = (k: string) => {
    const v = sp[k];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const num = (k: string) => Math.max(0, Number.parseInt(one(k) || "0", 10) || 0);
  const page = Math.max(1, Math.min(100_000, num("page") || 1));
  let result: Awaited<ReturnType<typeof listAwaitingReconsent>>;
  try {
    result = await listAwaitingReconsent(user.tenantId, code, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
  const path = `/panel/templates/${encodeURIComponent(code)}/reconsent`;
  const pages = Math.max(1, Math.ceil(result.count / PAGE_SIZE));
  const rows: ReconsentRow[] = result.data.map((c) => ({
    id: c.id,
    patient: c.patient.name ?? "—",
    template: `${c.template.code} v${c.template.version}`,
    created: formatWhen(c.created_at, lang, tz),
    replacedBy: c.replaced_by,
  }));

  return (
    <PanelShell user={user} lang={lang} t={t} current="templates" path={path}>
      <PageTitle back={{ href: `/panel/templates/${encodeURIComponent(code)}`, label: code }} className="break-all">
        {t.reconsent.title(code)}
      </PageTitle>
      <p className={`${ui.muted} mt-1`}>{t.reconsent.intro(result.template.version)}</p>
      <section className="mt-4">
        <p className={ui.muted}>{t.reconsent.count(result.count)}</p>
        {/* Rendered when empty too: the results of a send that renewed every row stay on the page. */}
        <ReconsentSelection lang={lang} code={code} rows={rows} quota={result.quota} max={MAX_PER_ACTION} />
        {pages > 1 ? (
          <nav className="mt-4 flex flex-wrap items-center gap-3" aria-label={t.consents.page(page, pages)}>
            {page > 1 ? (
              <Link href={`${path}?page=${Math.min(page - 1, pages)}`} className={ui.secondary}>
                {t.consents.prev}
              </Link>
            ) : null}
            <span className={ui.muted}>{t.consents.page(page, pages)}</span>
            {page < pages ? (
              <Link href={`${path}?page=${page + 1}`} className={ui.secondary}>
                {t.consents.next}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </PanelShell>
  );
}
