// GET /fhir/r4/DocumentReference/{id}: a consent's sealed PDF (or its Ret Tutanağı, §19) as a FHIR
// R4 DocumentReference: the signed download link of decisions §8, its size and SHA-1 (R4's
// Attachment.hash), read from the stored bytes so that they describe exactly what the link serves.
import { createHash } from "node:crypto";
import type { DocumentReference } from "@medplum/fhirtypes";
import { now } from "@/lib/clock";
import { documentReferenceRow } from "@/lib/db/consent-reads";
import { downloadUrl } from "@/lib/documents/download-links";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { readStoredDocument } from "@/lib/documents/read-stored-document";
import { formatIsoOffset } from "@/lib/time";
import { consentIdOf, fhirIdOf, systems } from "@/lib/fhir/fhir-ids";
import { countersignerOf, institutionOf, patientOf } from "@/lib/fhir/references";
import { PATIENT_CONSENT } from "@/lib/fhir/to-fhir-consent";

export async function getDocumentReferenceOrThrow(tenantId: string, fhirId: string): Promise<DocumentReference> {
  const id = consentIdOf(fhirId);
  const notFound = new AppError("not_found", `DocumentReference/${fhirId} bulunamadı.`);
  if (id === null) throw notFound;
  // Tenant in every read: another tenant's document is as unknown as none (decisions §2).
  const c = await documentReferenceRow(tenantId, id);
  if (!c) throw notFound;
  // A `kurum` record after its purge (§12): the institution keeps the document, the service no longer does.
  if (c.purgedAt && c.documentSha256) throw new AppError("purged", "Belge saklama politikası (kurum) gereği hizmetten silindi; kurumunuzdaki kopyayı kullanın.");
  if (!c.documentSha256) throw notFound;
  const bytes = await readStoredDocument(c.id, c.documentKey, c.documentSha256);
  if (!bytes) throw notFound;
  const at = now();
  const tz = env().APP_TIMEZONE;
  const institution = institutionOf(c);
  const countersigner = countersignerOf(c);
  const refusal = c.status === "rejected";
  return {
    resourceType: "DocumentReference",
    id: fhirIdOf(c.id),
    identifier: [{ system: systems.documentSha256(), value: c.documentSha256 }],
    status: "current",
    docStatus: "final",
    type: { coding: [PATIENT_CONSENT], text: refusal ? "Ret tutanağı" : "Aydınlatılmış onam formu" },
    subject: patientOf(c),
    ...(c.documentAt ? { date: formatIsoOffset(c.documentAt, tz) } : {}),
    author: [institution],
    // The informing physician attested the form with their countersignature (§19).
    ...(countersigner ? { authenticator: countersigner } : {}),
    description: `${refusal ? "Ret tutanağı" : "Onam formu"}: ${c.templateCode} v${c.templateVersion} (${c.id})`,
    content: [
      {
        attachment: {
          contentType: "application/pdf",
          language: c.language,
          // Signed, valid 24 hours (decisions §8): read the resource again for a fresh one.
          url: downloadUrl(c.id, "pdf", at),
          size: bytes.length,
          hash: createHash("sha1").update(bytes).digest("base64"),
          title: `${c.id}.pdf`,
          ...(c.documentAt ? { creation: formatIsoOffset(c.documentAt, tz) } : {}),
        },
      },
    ],
    context: {
      // From the physician's informing to their countersignature, when the form has one.
      ...(countersigner && c.informedAt && c.countersignedAt
        ? { period: { start: formatIsoOffset(c.informedAt, tz), end: formatIsoOffset(c.countersignedAt, tz) } }
        : {}),
      related: [{ reference: `Consent/${fhirIdOf(c.id)}` }],
    },
  };
}
