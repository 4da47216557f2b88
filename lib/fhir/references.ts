// The parties of a consent as FHIR references. The service keeps no Patient, Organization or
// Practitioner resources of its own: each is a logical reference (an identifier where one exists,
// and a display), never a link that would answer 404.
import type { Organization, Patient, Practitioner, Reference, RelatedPerson } from "@medplum/fhirtypes";
import { decryptField } from "@/lib/consents/encrypted-fields";
import { decrypt } from "@/lib/encryption";
import { systems } from "@/lib/fhir/fhir-ids";

interface PartiesRow {
  tenantCode: string;
  tenantName: string;
  externalPatientId: string | null;
  patientName: string | null;
  approverType: string;
  approverName: string | null;
  approverRelation: string | null;
  countersignerName: string | null;
  countersignerRegistrationNo: string | null;
  purgedAt: Date | null;
}

const DATA_ABSENT = "http://hl7.org/fhir/StructureDefinition/data-absent-reason";

export function institutionOf(row: Pick<PartiesRow, "tenantCode" | "tenantName">): Reference<Organization> {
  return { type: "Organization", identifier: { system: systems.institution(), value: row.tenantCode }, display: row.tenantName };
}

/**
 * The patient: the institution's own patient id under its system, and the name. A `kurum` consent
 * after its purge (decisions §12) has neither: the reference says the data is withheld.
 */
export function patientOf(row: PartiesRow): Reference<Patient> {
  const purged = row.purgedAt !== null;
  const id = purged ? null : row.externalPatientId;
  const name = purged || row.patientName === null ? null : decrypt(row.patientName);
  if (id === null && name === null) return { extension: [{ url: DATA_ABSENT, valueCode: "masked" }] };
  return {
    type: "Patient",
    ...(id !== null ? { identifier: { system: systems.patient(row.tenantCode), value: id } } : {}),
    ...(name !== null ? { display: name } : {}),
  };
}

/** Who answered the link: the patient, or a parent, guardian or owner signing for them (§5 approver). */
export function grantorOf(row: PartiesRow): Reference<Patient | RelatedPerson> | null {
  if (row.purgedAt !== null) return null;
  if (row.approverType === "hasta" || row.approverName === null) return patientOf(row);
  // Stored in the clear before it was encrypted, as the consent object reads it.
  const relation = decryptField(row.approverRelation);
  return { type: "RelatedPerson", display: relation ? `${decrypt(row.approverName)} (${relation})` : decrypt(row.approverName) };
}

/** The informing physician who countersigned (§19), with their registration number. */
export function countersignerOf(row: PartiesRow): Reference<Practitioner> | null {
  if (row.purgedAt !== null || row.countersignerName === null) return null;
  const registration = row.countersignerRegistrationNo === null ? null : decrypt(row.countersignerRegistrationNo);
  return {
    type: "Practitioner",
    ...(registration ? { identifier: { type: { text: "Hekim tescil no" }, value: registration } } : {}),
    display: decrypt(row.countersignerName),
  };
}
