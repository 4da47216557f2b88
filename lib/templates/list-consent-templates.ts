// The templates a new consent may use (active and published) with the variable contracts of the
// version a consent would freeze, for the panel's create form. Two queries whatever the count.
import { publishedTemplateVersions } from "@/lib/db/template-panel-reads";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";
import { describeLanguages } from "@/lib/templates/translations";
import type { Language } from "@/lib/i18n/languages";

export interface ConsentTemplateOption {
  code: string;
  title: string;
  version: number;
  variables: TemplateVariable[];
  /** decisions §17: the languages the version's text exists in, tr first */
  languages: Language[];
  /** decisions §19: its consents need the physician's countersignature unless the consent says otherwise */
  physicianCountersign: boolean;
}

export async function listConsentTemplates(tenantId: string): Promise<ConsentTemplateOption[]> {
  const versions = await publishedTemplateVersions(tenantId);
  return versions
    .map((v) => ({ code: v.code, title: v.title, version: v.version, variables: parseStoredVariables(v.variables), languages: describeLanguages(v.contentHash, v.translations).languages, physicianCountersign: v.physicianCountersign }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
