// /panel/templates — the tenant's templates with their published version and draft state, and the
// gallery of starter forms to copy from (issue #52)
import Link from "next/link";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { listTemplates } from "@/lib/templates/list-templates";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { PageTitle } from "@/components/panel/page-title";
import { ui } from "@/components/panel/styles";
import { StarterGallery } from "@/components/panel/starter-gallery";
import { STARTER_FORMS } from "@/lib/templates/starter/starter-forms";

export default async function TemplatesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("templates");
  const { lang, t } = await panelLang(await searchParams);
  const { data } = await listTemplates(user.tenantId);
  return (
    <PanelShell user={user} lang={lang} t={t} current="templates" path="/panel/templates">
      <PageTitle action={{ href: "/panel/templates/new", label: t.templates.new }}>{t.templates.title}</PageTitle>
      {data.length === 0 ? (
        <p className={`${ui.card} mt-4`}>{t.templates.empty}</p>
      ) : (
        <ul className="mt-4 grid gap-2" data-testid="template-list">
          {data.map((x) => (
            <li key={x.code} className={ui.card}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link href={`/panel/templates/${encodeURIComponent(x.code)}`} className={`${ui.link} font-semibold`}>
                  {x.title}
                </Link>
                <span className="text-sm">
                  {x.version > 0 ? `${t.templates.version} ${x.version}` : t.templates.neverPublished}
                  {x.has_draft ? ` · ${t.templates.draft}` : ""}
                  {!x.active ? ` · ${t.templates.inactive}` : ""}
                </span>
              </div>
              <p className={`${ui.muted} mt-1`}>
                {t.templates.code}: <span className="font-mono">{x.code}</span> · {x.category} · {t.templateForm.types[x.type] ?? x.type}
                {x.languages.length > 1 ? <span data-testid="template-languages"> · {x.languages.join(", ").toUpperCase()}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <StarterGallery
        lang={lang}
        unexpected={t.common.unexpected}
        forms={STARTER_FORMS.map((f) => ({
          kod: f.kod,
          title: lang === "en" ? f.ceviriler.en.baslik : f.baslik,
          summary: f.ozet[lang],
          category: t.templateForm.categories[f.kategori] ?? f.kategori,
          languages: ["tr", ...Object.keys(f.ceviriler)],
          questions: f.sorular.length,
          body: lang === "en" ? f.ceviriler.en.govde : f.govde,
        }))}
      />
    </PanelShell>
  );
}
