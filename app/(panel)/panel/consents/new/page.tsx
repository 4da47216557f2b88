// /panel/consents/new — create a consent from a published template (same validation as POST /v1/consents)
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { listConsentTemplates } from "@/lib/templates/list-consent-templates";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { ConsentForm } from "@/components/panel/consent-form";
import { PageTitle } from "@/components/panel/page-title";
import { ui } from "@/components/panel/styles";

export default async function NewConsentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("consents");
  const { lang, t } = await panelLang(await searchParams);
  const templates = await listConsentTemplates(user.tenantId);
  return (
    <PanelShell user={user} lang={lang} t={t} current="consents" path="/panel/consents/new">
      <PageTitle back={{ href: "/panel/consents", label: t.consents.title }}>{t.consentForm.title}</PageTitle>
      {templates.length === 0 ? (
        <p className={`${ui.card} mt-4`}>{t.consentForm.noTemplates}</p>
      ) : (
        <ConsentForm lang={lang} templates={templates} />
      )}
    </PanelShell>
  );
}
