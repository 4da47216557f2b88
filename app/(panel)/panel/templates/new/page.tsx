// /panel/templates/new — create a template (saved as a draft, or published as version 1)
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { TemplateForm } from "@/components/panel/template-form";
import { PageTitle } from "@/components/panel/page-title";

export default async function NewTemplatePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("templates");
  const { lang, t } = await panelLang(await searchParams);
  return (
    <PanelShell user={user} lang={lang} t={t} current="templates" path="/panel/templates/new">
      <PageTitle back={{ href: "/panel/templates", label: t.templates.title }}>{t.templateForm.titleNew}</PageTitle>
      <TemplateForm lang={lang} />
    </PanelShell>
  );
}
