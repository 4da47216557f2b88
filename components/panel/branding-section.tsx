// decisions §23, issue #42: the settings page's own section for the institution's logo and details,
// which reads what it shows itself, so the page only places it.
import { getTenantBranding } from "@/lib/branding/get-tenant-branding";
import { ui } from "@/components/panel/styles";
import type { Lang } from "@/components/panel/messages";
import { brandingMessages } from "@/components/panel/branding-messages";
import { BrandingLogo } from "@/components/panel/branding-logo";
import { BrandingDetails } from "@/components/panel/branding-details";

export async function BrandingSection({ tenantId, lang }: { tenantId: string; lang: Lang }) {
  const t = brandingMessages[lang];
  const b = await getTenantBranding(tenantId);
  return (
    <section className={`${ui.card} mt-4`} aria-labelledby="branding">
      <h2 id="branding" className={ui.h2}>
        {t.title}
      </h2>
      <p className={`${ui.muted} mt-1`}>{t.intro}</p>
      <BrandingLogo lang={lang} logo={b.logo ? { url: b.logo.url } : null} />
      <BrandingDetails lang={lang} initial={{ address: b.address ?? "", phone: b.phone?.display ?? "", privacyUrl: b.privacyUrl ?? "", smsSender: b.smsSender ?? "" }} />
    </section>
  );
}
