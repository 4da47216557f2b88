// Names the FHIR R4 API (decisions §21) gives what it serves: resource ids, the identifier systems
// and the base address. Shared by every lib/fhir operation.
import { env } from "@/lib/env";

/** The base of the FHIR API: `{base_url}/fhir/r4`. */
export function fhirBase(): string {
  return `${env().APP_URL}/fhir/r4`;
}

/**
 * A consent's FHIR id. FHIR ids are `[A-Za-z0-9\-\.]{1,64}`: the `_` of `ons_<yymmdd>_<random>`
 * cannot appear, so it becomes `-` (`ons-261122-k3v9x2m8q7p4`); the consent and its document share it.
 */
export function fhirIdOf(consentId: string): string {
  return consentId.replaceAll("_", "-");
}

/** The consent a FHIR id names, in either spelling (the FHIR one, or the /v1 id an integrator stored); null when it names none. */
export function consentIdOf(fhirId: string): string | null {
  const id = fhirId.replaceAll("-", "_");
  return /^ons_\d{6}_[a-z0-9]{12,60}$/.test(id) ? id : null;
}

const sid = (name: string) => `${env().APP_URL}/fhir/sid/${name}`;

/**
 * Identifier systems. The service's own ids (a consent's, an institution's code) have one system;
 * what an institution gives (its patient ids, its references) is only unique within that
 * institution, so each institution has a system of its own, named by its code.
 */
export const systems = {
  /** the consent id, `ons_…` as /v1 spells it */
  consent: () => sid("onam"),
  /** the institution's code */
  institution: () => sid("kurum"),
  /** the institution's patient ids (`dis_hasta_id`, `external_patient_id`) */
  patient: (tenantCode: string) => sid(`hasta/${encodeURIComponent(tenantCode)}`),
  /** the institution's own reference of a consent (`dis_ref`, `external_ref`) */
  externalRef: (tenantCode: string) => sid(`dis-ref/${encodeURIComponent(tenantCode)}`),
  /** a template version: the text, the rules, the person agreed to */
  template: (tenantCode: string, templateCode: string, version: number) =>
    sid(`sablon/${encodeURIComponent(tenantCode)}/${encodeURIComponent(templateCode)}/${version}`),
  /** the SHA-256 of a document as served (document.sha256) */
  documentSha256: () => sid("belge-sha256"),
};
