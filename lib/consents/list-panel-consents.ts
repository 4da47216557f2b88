// The panel's consent list: the API's filters, the person search and the panel's own
// (panel-consent-filter.ts), each consent with the title of its template version, so that a clinic
// reads "Ayşe Yılmaz — Diş Çekimi Onam Formu" rather than an id.
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { titledConsentPage } from "@/lib/db/consent-panel-reads";
import { now } from "@/lib/clock";
import { serializeConsent } from "@/lib/consents/serialize-consent";
import type { PatientSearch } from "@/lib/consents/patient-search";
import { panelConsentFilter } from "@/lib/consents/panel-consent-filter";

type PanelConsent = ConsentObject & { template_title: string | null };

export async function listPanelConsents(
  tenantId: string,
  query: Record<string, string>,
  patient?: PatientSearch,
): Promise<{ data: PanelConsent[]; count: number; limit: number; offset: number; scanCapped: boolean }> {
  const { filter, query: q, scanCapped } = await panelConsentFilter(tenantId, query, patient);
  const { rows, total } = await titledConsentPage(tenantId, filter, q.limit, q.offset);
  const at = now();
  return { data: rows.map((r) => ({ ...serializeConsent(r, at), template_title: r.templateTitle })), count: total, limit: q.limit, offset: q.offset, scanCapped };
}
