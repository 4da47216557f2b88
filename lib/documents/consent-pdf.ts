// A signed consent's PDF (decisions §8, §14): what it is made of, rendered and sealed, and stored.
// document.sha256 is the digest of exactly the stored bytes.
import { env } from "@/lib/env";
import { sha256Hex } from "@/lib/crypto";
import { decrypt } from "@/lib/encryption";
import { formatDateTime } from "@/lib/time";
import { documentRow } from "@/lib/db/completion";
import { decryptField, decryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { verifyUrl } from "@/lib/consents/serialize-consent";
import { loadEvidence } from "@/lib/evidence/load-evidence";
import { isLanguage } from "@/lib/i18n/languages";
import { textIn } from "@/lib/templates/translations";
import { fileStorage } from "@/lib/storage/file-storage";
import { produceSealedPdf, type ProducedPdf } from "@/lib/sealing/produce-sealed-pdf";
import type { ConsentDocumentData } from "@/lib/documents/document-types";

export interface ConsentPdfInput {
  tenantId: string;
  documentSha256: string | null;
  signedAt: Date;
  data: ConsentDocumentData;
}

/** What the consent's PDF shows; null while there is no signature on record to print. */
export async function consentPdfInput(consentId: string): Promise<ConsentPdfInput | null> {
  const c = await documentRow(consentId);
  // A consent withdrawn before its document existed still gets it: the signature happened (§18).
  if (!c || (c.status !== "completed" && c.status !== "withdrawn") || !c.signedAt || !c.signatureImage || !c.renderedHtml || !c.patientName) {
    return null;
  }
  const language = isLanguage(c.language) ? c.language : "tr";
  return {
    tenantId: c.tenantId,
    documentSha256: c.documentSha256,
    signedAt: c.signedAt,
    data: {
      consentId,
      institution: c.tenant.name,
      // decisions §17: the title in the language of the text
      templateTitle: textIn(language, c.templateVer)?.title ?? c.templateVer.title,
      templateVersion: c.templateVersion,
      contentSha256: c.contentSha256,
      renderedHtml: decrypt(c.renderedHtml),
      patientName: decrypt(c.patientName),
      tcMasked: c.tcMasked,
      phoneMasked: c.phoneMasked ?? "",
      approver: {
        type: c.approverType as ConsentDocumentData["approver"]["type"],
        name: c.approverName ? decrypt(c.approverName) : null,
        relation: decryptField(c.approverRelation),
      },
      physician: decryptField(c.physician),
      procedure: decryptField(c.procedure),
      animal: c.animalName || c.animalSpecies ? { name: decryptField(c.animalName), species: decryptField(c.animalSpecies) } : null,
      signedAt: formatDateTime(c.signedAt, env().APP_TIMEZONE),
      signerIp: c.signerIp ?? "",
      signerUserAgent: c.signerUserAgent ?? "",
      otpPhoneMasked: c.phoneMasked ?? "",
      signaturePng: decryptFieldBytes(c.signatureImage),
      verifyUrl: verifyUrl(consentId),
      language,
      interpreter: c.interpreterName && c.interpreterSignature ? { name: decrypt(c.interpreterName), signaturePng: decryptFieldBytes(c.interpreterSignature) } : null,
    },
  };
}

/** The evidence up to the signature, embedded in the document as kanit.json (decisions §14). */
async function evidenceUpToSignature(consentId: string): Promise<string> {
  const { records } = await loadEvidence(consentId);
  const signed = records.findIndex((r) => r.event === "imzalandi");
  return JSON.stringify({ consent_id: consentId, events: records.slice(0, signed + 1) }, null, 2);
}

/** Rendered (PDF/A-3 with kanit.json) and sealed; unsealed with the reason when the seal fails. */
export async function renderSealedConsentPdf(input: ConsentPdfInput): Promise<ProducedPdf> {
  const { data, signedAt } = input;
  return produceSealedPdf(
    { kind: "consent", data, options: { timeZone: env().APP_TIMEZONE } },
    {
      title: data.templateTitle,
      author: data.institution,
      createdAt: signedAt,
      attachment: { name: "kanit.json", description: "Kanıt kayıtları (imzaya kadar)", json: await evidenceUpToSignature(data.consentId) },
    },
    "Aydınlatılmış onam belgesi",
  );
}

/** Stores the bytes under a key of their own digest; returns both. */
export async function storeConsentPdf(input: ConsentPdfInput, pdf: Buffer): Promise<{ key: string; sha256: string }> {
  const sha256 = sha256Hex(pdf);
  const key = `consents/${input.data.consentId}/document-${sha256.slice(0, 16)}.pdf`;
  await fileStorage().put(key, pdf, { tenantId: input.tenantId, consentId: input.data.consentId, contentType: "application/pdf", sha256 });
  return { key, sha256 };
}
