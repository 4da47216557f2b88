// /panel/templates/new — create a template (saved as a draft, or published as version 1)
import Link from "next/link";
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { TemplateForm } from "@/components/panel/template-form";
import { ui } from "@/components/panel/styles";

export default async function NewTemplatePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("templates");
  const { lang, t } = await panelLang(await searchParams);
  return (
    <PanelShell user={user} lang={lang} t={t} current="templates" path="/panel/templates/new">
      <p>
        <Link href="/panel/templates" className={ui.link}>
          ← {t.templates.title}
        </Link>
      </p>
      <h1 className={`${ui.h1} mt-2`}>{t.templateForm.titleNew}</h1>
      <TemplateForm lang={lang} />
    </PanelShell>
  );
}
