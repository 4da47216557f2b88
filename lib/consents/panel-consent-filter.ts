// The panel's consent filters, shared by the list and the CSV export: the API's own (status, dates,
// external ref, patient id; lib/consents/list-consents.ts), the person search, and the panel's:
// template, language, physician and procedure.
//
// Physician and procedure are encrypted at rest (decisions §15), so no SQL can compare them. They are
// matched here instead, on the decrypted text, over the newest SCAN_LIMIT consents that the other
// filters leave: bounded work per request, no new column, index or migration, and a match anywhere
// in the text ("implant" finds "İmplant uygulaması"). When more consents than that match the other
// filters, the answer says so (`scanCapped`), so that staff narrow the dates rather than read a
// partial list as the whole.
import { z } from "zod";
import type { ConsentFilter } from "@/lib/db/consents";
import { consentTexts } from "@/lib/db/consent-panel-reads";
import { now } from "@/lib/clock";
import { parseOrThrow } from "@/lib/errors";
import { listConsentsQuerySchema, type ListConsentsQuery } from "@/lib/consents/consent-schemas";
import { consentFilterOf } from "@/lib/consents/list-consents";
import { decryptField } from "@/lib/consents/encrypted-fields";
import type { PatientSearch } from "@/lib/consents/patient-search";
import { TEMPLATE_CODE_RE } from "@/lib/templates/template-schemas";
import { LANGUAGES } from "@/lib/i18n/languages";
import { foldText, matchesFolded } from "@/lib/consents/text-match";

/** Consents whose physician and procedure are read, at most, per request. */
export const SCAN_LIMIT = 2_000;

const panelFiltersSchema = z.object({
  template: z.string().regex(TEMPLATE_CODE_RE, "geçerli bir şablon kodu olmalı").optional(),
  language: z.enum(LANGUAGES, { error: `şunlardan biri olmalı: ${LANGUAGES.join(", ")}` }).optional(),
  physician: z.string().max(200, "en çok 200 karakter olmalı").optional(),
  procedure: z.string().max(200, "en çok 200 karakter olmalı").optional(),
});

const PANEL_KEYS = new Set(Object.keys(panelFiltersSchema.shape));

interface PanelConsentFilter {
  filter: ConsentFilter;
  query: ListConsentsQuery;
  /** the physician/procedure match read only the newest SCAN_LIMIT consents of the other filters */
  scanCapped: boolean;
}

/** The database filter for the panel's query; 422 naming the field for a bad value. */
export async function panelConsentFilter(tenantId: string, input: Record<string, string>, patient?: PatientSearch): Promise<PanelConsentFilter> {
  const present = (k: string) => (input[k] ? input[k] : undefined);
  const query = parseOrThrow(listConsentsQuerySchema, Object.fromEntries(Object.entries(input).filter(([k]) => !PANEL_KEYS.has(k))));
  const extra = parseOrThrow(panelFiltersSchema, Object.fromEntries([...PANEL_KEYS].map((k) => [k, present(k)])));
  const at = now();
  const filter: ConsentFilter = { ...consentFilterOf(tenantId, query, at, patient), templateCode: extra.template, language: extra.language };
  const wantPhysician = foldText(extra.physician ?? "");
  const wantProcedure = foldText(extra.procedure ?? "");
  if (!wantPhysician && !wantProcedure) return { filter, query, scanCapped: false };

  const rows = await consentTexts(tenantId, filter, SCAN_LIMIT + 1);
  const ids = rows
    .slice(0, SCAN_LIMIT)
    .filter((r) => matchesFolded(decryptField(r.physician), wantPhysician) && matchesFolded(decryptField(r.procedure), wantProcedure))
    .map((r) => r.id);
  return { filter: { ...filter, ids }, query, scanCapped: rows.length > SCAN_LIMIT };
}
