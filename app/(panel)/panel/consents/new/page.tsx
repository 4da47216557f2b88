// /panel/consents/new — create a consent from a published template (same validation as POST /v1/consents)
import Link from "next/link";
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { listConsentTemplates } from "@/lib/panel/list-consent-templates";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { ConsentForm } from "@/components/panel/consent-form";
import { ui } from "@/components/panel/styles";

export default async function NewConsentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("consents");
  const { lang, t } = await panelLang(await searchParams);
  const templates = await listConsentTemplates(user.tenantId);
  return (
    <PanelShell user={user} lang={lang} t={t} current="consents" path="/panel/consents/new">
      <p>
        <Link href="/panel/consents" className={ui.link}>
          ← {t.consents.title}
        </Link>
      </p>
      <h1 className={`${ui.h1} mt-2`}>{t.consentForm.title}</h1>
      {templates.length === 0 ? (
        <p className={`${ui.card} mt-4`}>{t.consentForm.noTemplates}</p>
      ) : (
        <ConsentForm lang={lang} templates={templates} />
      )}
    </PanelShell>
  );
}
