// A consent's PDF (decisions §8, §14, §19): the signed form with every party's signature, or for a
// refusal put on record the "Ret Tutanağı"; what it is made of, rendered and sealed, and stored.
// document.sha256 is the digest of exactly the stored bytes.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sha256Hex } from "@/lib/crypto";
import { decrypt } from "@/lib/encryption";
import { formatDateTime } from "@/lib/time";
import { documentRow, type DocumentRow } from "@/lib/db/completion";
import { decryptField, decryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { verifyUrl } from "@/lib/consents/serialize-consent";
import { loadEvidence } from "@/lib/evidence/load-evidence";
import type { EventName } from "@/lib/evidence/event-names";
import { isLanguage } from "@/lib/i18n/languages";
import { textIn } from "@/lib/templates/translations";
import { questionsIn } from "@/lib/templates/questions";
import { describeComprehension } from "@/lib/consents/comprehension";
import { fileStorage } from "@/lib/storage/file-storage";
import { bestListened } from "@/lib/audio/best-listened";
import { recordLogProof } from "@/lib/transparency/record-log-proof";
import { produceSealedPdf, type ProducedPdf } from "@/lib/sealing/produce-sealed-pdf";
import type { RenderTask } from "@/lib/documents/document-task";
import type { DocumentBranding, ShownTextData } from "@/lib/documents/document-types";
import { getDocumentBranding } from "@/lib/branding/get-document-branding";

export interface ConsentPdfInput {
  tenantId: string;
  consentId: string;
  documentSha256: string | null;
  /** when what the document records happened: its creation date, so that a re-render gives the same bytes */
  recordedAt: Date;
  title: string;
  author: string;
  task: RenderTask & { kind: "consent" | "refusal" };
}

/** The evidence records a document carries in kanit.json: through the last of these (decisions §14, §19). */
const LAST_RECORD: Record<"consent" | "refusal", readonly EventName[]> = {
  consent: ["imzalandi", "tercuman_imzaladi", "tanik_imzaladi", "hekim_imzaladi"],
  refusal: ["ret_tutanagi"],
};

const tz = () => env().APP_TIMEZONE;

function shownText(consentId: string, c: DocumentRow, branding: DocumentBranding | null): ShownTextData {
  const language = isLanguage(c.language) ? c.language : "tr";
  return {
    consentId,
    institution: c.tenant.name,
    // decisions §17: the title in the language of the text
    templateTitle: textIn(language, c.templateVer)?.title ?? c.templateVer.title,
    templateVersion: c.templateVersion,
    contentSha256: c.contentSha256,
    renderedHtml: decrypt(c.renderedHtml!),
    patientName: decrypt(c.patientName!),
    tcMasked: c.tcMasked,
    phoneMasked: c.phoneMasked ?? "",
    approver: {
      type: c.approverType as ShownTextData["approver"]["type"],
      name: c.approverName ? decrypt(c.approverName) : null,
      relation: decryptField(c.approverRelation),
    },
    physician: decryptField(c.physician),
    procedure: decryptField(c.procedure),
    animal: c.animalName || c.animalSpecies ? { name: decryptField(c.animalName), species: decryptField(c.animalSpecies) } : null,
    verifyUrl: verifyUrl(consentId),
    language,
    branding,
  };
}

/** Who put a refusal on record, in words: the panel user's name (or e-mail), or the API key's name. */
async function recorderName(tenantId: string, actor: string): Promise<string> {
  const [kind, id] = actor.split(":", 2);
  if (kind === "panel" && id) {
    const u = await db().user.findFirst({ where: { id, tenantId }, select: { name: true, email: true } });
    if (u) return u.name || u.email;
  }
  if (kind === "api" && id) {
    const k = await db().apiKey.findFirst({ where: { id, tenantId }, select: { name: true } });
    if (k) return `API: ${k.name}`;
  }
  return actor;
}

function consentTask(consentId: string, c: DocumentRow, branding: DocumentBranding | null, listenedPercent: number | null): ConsentPdfInput["task"] | null {
  const complete = c.status === "completed" || c.status === "withdrawn";
  // A consent withdrawn before its document existed still gets it: the signature happened (§18).
  if (!complete || !c.signedAt || (!c.signatureImage && !c.typedSignature)) return null;
  if (c.countersignedAt && (!c.countersignerName || !c.informedAt || !c.countersignature)) return null;
  const signedAt = formatDateTime(c.signedAt, tz());
  return {
    kind: "consent",
    options: { timeZone: tz() },
    data: {
      ...shownText(consentId, c, branding),
      signedAt,
      signerIp: c.signerIp ?? "",
      signerUserAgent: c.signerUserAgent ?? "",
      otpPhoneMasked: c.phoneMasked ?? "",
      listenedPercent,
      // decisions §23: a drawn image, or the name the person typed instead
      signaturePng: c.signatureImage ? decryptFieldBytes(c.signatureImage) : null,
      typedSignature: c.typedSignature ? decrypt(c.typedSignature) : null,
      interpreter: c.interpreterName && c.interpreterSignature ? { name: decrypt(c.interpreterName), signaturePng: decryptFieldBytes(c.interpreterSignature) } : null,
      witness: c.witnessName && c.witnessSignature ? { name: decrypt(c.witnessName), signaturePng: decryptFieldBytes(c.witnessSignature) } : null,
      countersignature: c.countersignedAt
        ? {
            name: decrypt(c.countersignerName!),
            registrationNo: c.countersignerRegistrationNo ? decrypt(c.countersignerRegistrationNo) : null,
            informedAt: formatDateTime(c.informedAt!, tz()),
            signedAt: formatDateTime(c.countersignedAt, tz()),
            signaturePng: decryptFieldBytes(c.countersignature!),
          }
        : null,
      comprehension: describeComprehension(c.comprehension, questionsIn(isLanguage(c.language) ? c.language : "tr", c.templateVer.questions)),
    },
  };
}

/** What the consent's PDF shows; null while there is nothing on record to print. */
export async function consentPdfInput(consentId: string): Promise<ConsentPdfInput | null> {
  const c = await documentRow(consentId);
  if (!c || !c.renderedHtml || !c.patientName) return null;
  const refusal = c.status === "rejected" && c.refusedBy !== null && c.rejectedAt !== null && c.refusalWitness !== null;
  // decisions §23: the institution's letterhead as it stands now (a document re-rendered to be sealed
  // later shows the current one), read beside what the person listened to.
  const [branding, listened] = await Promise.all([getDocumentBranding(c.tenantId), refusal ? null : bestListened(db(), c.tenantId, consentId)]);
  const task = refusal
    ? {
        kind: "refusal" as const,
        options: { timeZone: tz() },
        data: {
          ...shownText(consentId, c, branding),
          refusal: {
            reason: decryptField(c.rejectReason) ?? "",
            witness: decrypt(c.refusalWitness!),
            recordedBy: await recorderName(c.tenantId, c.refusedBy!),
            recordedAt: formatDateTime(c.rejectedAt!, tz()),
          },
        },
      }
    : consentTask(consentId, c, branding, listened);
  if (!task) return null;
  const title = task.data.templateTitle;
  return {
    tenantId: c.tenantId,
    consentId,
    documentSha256: c.documentSha256,
    recordedAt: (refusal ? c.rejectedAt : (c.countersignedAt ?? c.signedAt))!,
    title: refusal ? `Ret Tutanağı — ${title}` : title,
    author: c.tenant.name,
    task,
  };
}

/**
 * The evidence through the document's last signature (or the refusal), embedded as kanit.json, with
 * the inclusion proof of its last record in the transparency log and the checkpoint it is proved
 * against (decisions §20): the PDF alone shows that the records were published, and when.
 */
async function evidenceThroughLastSignature(input: ConsentPdfInput): Promise<string> {
  const { records } = await loadEvidence(input.consentId);
  const through = LAST_RECORD[input.task.kind];
  const last = records.findLastIndex((r) => (through as readonly string[]).includes(r.event));
  const events = records.slice(0, last + 1);
  const lastRecord = events.at(-1);
  const log = lastRecord ? await recordLogProof(lastRecord.hash) : undefined;
  return JSON.stringify({ consent_id: input.consentId, events, ...(log && { log }) }, null, 2);
}

/** Rendered (PDF/A-3 with kanit.json) and sealed; unsealed with the reason when the seal fails. */
export async function renderSealedConsentPdf(input: ConsentPdfInput): Promise<ProducedPdf> {
  const refusal = input.task.kind === "refusal";
  return produceSealedPdf(
    input.task,
    {
      title: input.title,
      author: input.author,
      createdAt: input.recordedAt,
      attachment: {
        name: "kanit.json",
        description: refusal ? "Kanıt kayıtları (ret tutanağına kadar)" : "Kanıt kayıtları (son imzaya kadar)",
        json: await evidenceThroughLastSignature(input),
      },
    },
    refusal ? "İmzadan kaçınma tutanağı" : "Aydınlatılmış onam belgesi",
  );
}

/** Stores the bytes under a key of their own digest; returns both. */
export async function storeConsentPdf(input: ConsentPdfInput, pdf: Buffer): Promise<{ key: string; sha256: string }> {
  const sha256 = sha256Hex(pdf);
  const key = `consents/${input.consentId}/document-${sha256.slice(0, 16)}.pdf`;
  await fileStorage().put(key, pdf, { tenantId: input.tenantId, consentId: input.consentId, contentType: "application/pdf", sha256 });
  return { key, sha256 };
}
