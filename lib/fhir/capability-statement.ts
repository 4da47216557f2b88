// GET /fhir/r4/metadata: what the FHIR R4 API serves (decisions §21), as a CapabilityStatement.
import type { CapabilityStatement } from "@medplum/fhirtypes";
import { DEFAULT_COUNT, MAX_COUNT, PAGE_TOKEN } from "@/lib/fhir/consent-search-params";
import { env } from "@/lib/env";
import { fhirBase, systems } from "@/lib/fhir/fhir-ids";

/** When this statement last changed (R4 asks for a date): move it with the statement. */
const CHANGED = "2026-11-26";

export function capabilityStatement(): CapabilityStatement {
  return {
    resourceType: "CapabilityStatement",
    status: "active",
    date: CHANGED,
    publisher: "e-Onam",
    description: "Electronic informed consents of the institution behind the calling API key, read-only: each consent as a Consent, its sealed PDF as a DocumentReference.",
    kind: "instance",
    software: { name: "e-Onam" },
    implementation: { description: "e-Onam FHIR R4 API", url: fhirBase() },
    fhirVersion: "4.0.1",
    format: ["application/fhir+json", "json"],
    rest: [
      {
        mode: "server",
        documentation:
          `Errors are OperationOutcome resources. Search results are searchset Bundles, newest first, _count ${DEFAULT_COUNT} by default and at most ${MAX_COUNT}, ` +
          `with a next link (its ${PAGE_TOKEN} is opaque) while more follow. A parameter the server does not support is refused (400), never ignored.`,
        security: {
          service: [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/restful-security-service", code: "Basic", display: "Basic" }] }],
          description:
            "HTTP Basic with the API keys of /v1 (user name: the key id ak_…, password: the secret sk_…); the key needs the scope onam:oku. Each key sees its own institution's resources only; another institution's id answers 404.",
        },
        resource: [
          {
            type: "Consent",
            profile: "http://hl7.org/fhir/StructureDefinition/Consent",
            interaction: [{ code: "read" }, { code: "search-type" }],
            versioning: "no-version",
            readHistory: false,
            updateCreate: false,
            searchParam: [
              { name: "status", definition: "http://hl7.org/fhir/SearchParameter/Consent-status", type: "token", documentation: "proposed, active, rejected, inactive, entered-in-error; comma-separated for any of them" },
              {
                name: "date",
                definition: "http://hl7.org/fhir/SearchParameter/clinical-date",
                type: "date",
                documentation: `when the consent was created (Consent.dateTime); prefixes eq, ge, gt, le, lt; repeat for a range; without a zone, the service's time zone (${env().APP_TIMEZONE})`,
              },
              {
                name: "identifier",
                definition: "http://hl7.org/fhir/SearchParameter/clinical-identifier",
                type: "token",
                documentation: `system|value: the consent id under ${systems.consent()}, or the institution's patient id (dis_hasta_id) under ${fhirBase().replace(/\/r4$/, "")}/sid/hasta/<institution code> (its reference, dis_ref, under …/sid/dis-ref/<institution code>)`,
              },
            ],
          },
          { type: "DocumentReference", profile: "http://hl7.org/fhir/StructureDefinition/DocumentReference", interaction: [{ code: "read" }], versioning: "no-version", readHistory: false, updateCreate: false },
        ],
      },
    ],
  };
}
