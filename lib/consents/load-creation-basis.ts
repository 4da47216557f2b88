// What a consent is created from, read in ONE statement since every create runs it: the tenant's
// name, licence end and default validity, and the latest published version of the template `code`.
import type { TemplateVersion } from "@prisma/client";
import { creationBasisRow } from "@/lib/db/templates";
import { AppError } from "@/lib/errors";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";

interface PublishedTemplateVersion {
  template: { id: string; code: string };
  /** the immutable version row (body, contentHash, version, ...) */
  version: TemplateVersion;
  /** version.variables in the served shape */
  variables: TemplateVariable[];
}

interface CreationBasis {
  tenant: { name: string; licenseEnds: Date | null; defaultValidityHours: number; physicianSignatureType: string };
  /** null when the code is unknown to the tenant, the template is inactive, or it was never published */
  published: PublishedTemplateVersion | null;
}

/** not_found when the tenant does not exist. */
export async function loadCreationBasis(tenantId: string, code: string): Promise<CreationBasis> {
  const row = await creationBasisRow(tenantId, code);
  if (!row) throw new AppError("not_found");
  const { tenantName, licenseEnds, defaultValidityHours, physicianSignatureType, code: templateCode, ...version } = row;
  const tenant = { name: tenantName, licenseEnds: licenseEnds === null ? null : new Date(`${licenseEnds}T00:00:00Z`), defaultValidityHours, physicianSignatureType };
  if (version.id === null || templateCode === null) return { tenant, published: null };
  const v = version as TemplateVersion;
  return { tenant, published: { template: { id: v.templateId, code: templateCode }, version: v, variables: parseStoredVariables(v.variables) } };
}
