// /panel/templates/[code]/reconsent — the template's consents awaiting re-consent after a material
// change (decisions §22), paged, with one action that sends them all within the quota
import { formatWhen } from "@/lib/i18n/format";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { listAwaitingReconsent } from "@/lib/consents/list-awaiting-reconsent";
import { MAX_PER_ACTION } from "@/lib/consents/send-reconsents";
import { AppError } from "@/lib/errors";
import { sendReconsentsAction } from "@/lib/actions/template-reconsent";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { PageTitle } from "@/components/panel/page-title";
import { ui } from "@/components/panel/styles";
import { DetailRow } from "@/components/panel/detail-row";

const PAGE_SIZE = 20;

export default async function ReconsentPage(props: { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("consents");
  const code = decodeURIComponent((await props.params).code);
  const sp = await props.searchParams;
  const { lang, t } = await panelLang(sp);
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
  const sent = one("sent") !== "";
  const error = one("error").slice(0, 300);
  const send = sendReconsentsAction.bind(null, code);

  return (
    <PanelShell user={user} lang={lang} t={t} current="templates" path={path}>
      <PageTitle back={{ href: `/panel/templates/${encodeURIComponent(code)}`, label: code }} className="break-all">
        {t.reconsent.title(code)}
      </PageTitle>
      <p className={`${ui.muted} mt-1`}>{t.reconsent.intro(result.template.version)}</p>
      {sent ? (
        <p role="status" className={`${ui.success} mt-4`} data-testid="reconsent-result">
          {t.reconsent.result(num("sent"), num("quota"), num("failed"), num("later"))}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={`${ui.alert} mt-4`}>
          {error}
        </p>
      ) : null}
      <section className="mt-4" aria-live="polite">
        <p className={ui.muted}>{t.reconsent.count(result.count)}</p>
        {result.data.length === 0 ? (
          <p className={`${ui.card} mt-2`}>{t.reconsent.empty}</p>
        ) : (
          <>
            <form action={send} className={`${ui.card} mt-2`}>
              <button type="submit" className={ui.primary}>
                {t.reconsent.sendAll}
              </button>
              <p className={`${ui.muted} mt-2`}>{t.reconsent.sendHint(MAX_PER_ACTION)}</p>
            </form>
            <ul className="mt-2 grid gap-2" data-testid="reconsent-list">
              {result.data.map((c) => (
                <li key={c.id} className={ui.card}>
                  <Link href={`/panel/consents/${c.id}`} className={`${ui.link} font-mono text-sm break-all`}>
                    {c.id}
                  </Link>
                  <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                    <DetailRow label={t.consents.patient} value={c.patient.name} />
                    <DetailRow label={t.consents.template} value={`${c.template.code} v${c.template.version}`} />
                    <DetailRow label={t.consents.created} value={formatWhen(c.created_at, lang)} />
                    <DetailRow
                      label={t.reconsent.renewal}
                      value={
                        c.replaced_by ? (
                          <Link href={`/panel/consents/${c.replaced_by}`} className={`${ui.link} font-mono text-xs break-all`}>
                            {c.replaced_by}
                          </Link>
                        ) : (
                          t.reconsent.none
                        )
                      }
                    />
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )}
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
