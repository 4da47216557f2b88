// A consent's PDF (decisions §8, §14, §19): the signed form with every party's signature, or for a
// refusal put on record the "Ret Tutanağı"; what it is made of, rendered and sealed, and stored.
// document.sha256 is the digest of exactly the stored bytes.
import { autocommit } from "@/lib/db";
import { actorNames } from "@/lib/db/actors";
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
import { parseAnsweredClauses } from "@/lib/templates/clauses";
import { fileStorage } from "@/lib/storage/file-storage";
import { bestListened } from "@/lib/audio/best-listened";
import { recordLogProof } from "@/lib/transparency/record-log-proof";
import { recordCertificates } from "@/lib/verifier/record-trusted-certificates";
import { trustStatementForSealing } from "@/lib/verifier/sign-trust-statement";
import { produceSealedPdf, produceSealedSignedPdf, type ProducedPdf } from "@/lib/sealing/produce-sealed-pdf";
import { certificateChain, certificateSummary } from "@/lib/consents/countersign-certificate";
import { signatureType } from "@/lib/consents/countersign-method";
import { renderDocument } from "@/lib/documents/render-document";
import type { SignaturePlaceholder } from "@/lib/documents/archive-pdf";
import type { RenderTask } from "@/lib/documents/document-task";
import type { ConsentDocumentData, DocumentBranding, RefusalDocumentData, ShownTextData } from "@/lib/documents/document-types";
import { getDocumentBranding } from "@/lib/branding/get-document-branding";
import { whatChanged } from "@/lib/consents/what-changed";
import { turkishAnnex } from "@/lib/consents/turkish-annex";

interface ConsentPdfInput {
  tenantId: string;
  consentId: string;
  documentSha256: string | null;
  /** when what the document records happened: its creation date, so that a re-render gives the same bytes */
  recordedAt: Date;
  title: string;
  author: string;
  task: RenderTask & { kind: "consent" | "refusal" };
  /** decisions §24: the document the physician signed with a qualified certificate, and their chain: sealed as it is */
  qualified: { pdf: Buffer; chain: Buffer[] } | null;
}

type Countersignature = NonNullable<ConsentDocumentData["countersignature"]>;

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
    // decisions §25: printed in the person's block when the integrator gave them
    birthDate: c.birthDate ? decrypt(c.birthDate) : null,
    externalPatientId: c.externalPatientId,
    turkishText: turkishAnnex(c),
    // decisions §25: SKS document control — the version's code, publication date and revision
    documentControl: { code: c.templateVer.documentCode, publishedAt: formatDateTime(c.templateVer.publishedAt, tz()), revision: c.templateVersion },
  };
}

/** Who put a refusal on record, in words: the panel user's name (or e-mail), or the API key's name. */
async function recorderName(tenantId: string, actor: string): Promise<string> {
  const [kind, id] = actor.split(":", 2);
  if ((kind === "panel" || kind === "api") && id) {
    const [named] = await actorNames(tenantId, kind === "panel" ? [id] : [], kind === "api" ? [id] : []);
    if (named) return kind === "api" ? `API: ${named.name}` : named.name;
  }
  return actor;
}

/**
 * decisions §25: what the refusal record says of who drew it up, the physician and the witness's
 * signature, from its ret_tutanagi record. Without `kaydeden` it names the institution and the key
 * (or the panel user) that recorded it.
 */
async function refusalOnRecord(consentId: string, c: DocumentRow): Promise<RefusalDocumentData["refusal"]> {
  const { records } = await loadEvidence(consentId);
  const data = records.findLast((r) => r.event === "ret_tutanagi")?.data ?? {};
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  const kaydeden = text(data.kaydeden);
  return {
    reason: decryptField(c.rejectReason) ?? "",
    witness: decrypt(c.refusalWitness!),
    recordedBy: kaydeden ?? `${c.tenant.name} — ${await recorderName(c.tenantId, c.refusedBy!)}`,
    recordedAt: formatDateTime(c.rejectedAt!, tz()),
    physician: text(data.hekim_ad),
    witnessSignaturePng: c.witnessSignature ? decryptFieldBytes(c.witnessSignature) : null,
  };
}

/** The physician's block as recorded: drawn (§19), or qualified with the certificate's subject and serial (§24). */
function recordedCountersignature(c: DocumentRow): Countersignature | null {
  if (!c.countersignedAt) return null;
  const certificate = certificateSummary(c.countersignCertificate);
  return {
    name: decrypt(c.countersignerName!),
    registrationNo: c.countersignerRegistrationNo ? decrypt(c.countersignerRegistrationNo) : null,
    informedAt: formatDateTime(c.informedAt!, tz()),
    signedAt: formatDateTime(c.countersignedAt, tz()),
    signaturePng: c.countersignature ? decryptFieldBytes(c.countersignature) : null,
    typed: c.countersignTyped ? decrypt(c.countersignTyped) : null,
    signatureType: signatureType(c.countersignMethod ?? c.physicianSignatureType),
    qualified: certificate && { subject: certificate.subject, serial: certificate.serial },
  };
}

function consentTask(
  consentId: string,
  c: DocumentRow,
  branding: DocumentBranding | null,
  listenedPercent: number | null,
  /** decisions §24: the qualified countersignature being prepared, on a consent still `signed` */
  preparing?: Countersignature,
): ConsentPdfInput["task"] | null {
  const complete = c.status === "completed" || c.status === "withdrawn" || (preparing !== undefined && c.status === "signed");
  // A consent withdrawn before its document existed still gets it: the signature happened (§18).
  if (!complete || !c.signedAt || (!c.signatureImage && !c.typedSignature)) return null;
  if (c.countersignedAt && (!c.countersignerName || !c.informedAt || (!c.countersignature && !c.countersignedPdf && !c.countersignTyped))) return null;
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
      countersignature: preparing ?? recordedCountersignature(c),
      comprehension: describeComprehension(c.comprehension, questionsIn(isLanguage(c.language) ? c.language : "tr", c.templateVer.questions)),
      // decisions §26: each clause with the person's answer
      clauses: parseAnsweredClauses(c.clauses),
      identityVerifiedBy: c.identityVerifiedBy,
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
  const [branding, listened] = await Promise.all([getDocumentBranding(c.tenantId), refusal ? null : bestListened(autocommit, c.tenantId, consentId)]);
  const task = refusal
    ? {
        kind: "refusal" as const,
        options: { timeZone: tz() },
        data: {
          ...shownText(consentId, c, branding),
          refusal: await refusalOnRecord(consentId, c),
        },
      }
    : consentTask(consentId, c, branding, listened);
  if (!task) return null;
  // decisions §26: a re-consent prints what changed since the form signed before.
  if (task.kind === "consent") {
    task.data.whatChanged = await whatChanged({ tenantId: c.tenantId, previousId: c.previousId, language: task.data.language, changeNotes: c.templateVer.changeNotes, html: task.data.renderedHtml });
  }
  const title = task.data.templateTitle;
  return {
    tenantId: c.tenantId,
    consentId,
    documentSha256: c.documentSha256,
    recordedAt: (refusal ? c.rejectedAt : (c.countersignedAt ?? c.signedAt))!,
    title: refusal ? `Ret Tutanağı — ${title}` : title,
    author: c.tenant.name,
    task,
    qualified: c.countersignedPdf ? { pdf: decryptFieldBytes(c.countersignedPdf), chain: certificateChain(c.countersignCertificate) } : null,
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
  // decisions §24: the log-signed list of the service's certificates, so that the log's key alone
  // pins the seal and the time-stamps of this file, offline, for as long as it is kept.
  const trust = await trustStatementForSealing();
  // decisions §25: where whoever holds the file looks up whether the consent still stands.
  return JSON.stringify({ consent_id: input.consentId, status_url: verifyUrl(input.consentId), events, ...(log && { log }), trust }, null, 2);
}

/** Rendered (PDF/A-3 with kanit.json) and sealed; unsealed with the reason when the seal fails. */
export async function renderSealedConsentPdf(input: ConsentPdfInput): Promise<ProducedPdf> {
  const refusal = input.task.kind === "refusal";
  // decisions §24: rendered when it was prepared and signed by the physician; only sealed now.
  const produced = input.qualified
    ? await produceSealedSignedPdf(input.qualified.pdf, input.qualified.chain, "Aydınlatılmış onam belgesi")
    : await produceSealedPdf(
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
  // What it was sealed and time-stamped with joins the trust statement (a remote TSA's certificate is
  // known only from its tokens).
  if (produced.level) await recordCertificates(produced.certificates);
  return produced;
}

/** Stores the bytes under a key of their own digest; returns both. */
export async function storeConsentPdf(input: ConsentPdfInput, pdf: Buffer): Promise<{ key: string; sha256: string }> {
  const sha256 = sha256Hex(pdf);
  const key = `consents/${input.consentId}/document-${sha256.slice(0, 16)}.pdf`;
  await fileStorage().put(key, pdf, { tenantId: input.tenantId, consentId: input.consentId, contentType: "application/pdf", sha256 });
  return { key, sha256 };
}

/**
 * decisions §24: the final document of a `signed` consent with the physician's qualified block
 * (`physician`) and their signature field reserved (`signature`), rendered for a countersignature
 * being prepared; kanit.json carries the records so far (the countersignature's own record follows
 * it in the log, and the physician's PAdES signature is in the file). Null when the consent is not
 * `signed` or its text is not on record.
 */
export async function renderPreparedConsentPdf(consentId: string, physician: Countersignature, signature: SignaturePlaceholder, at: Date): Promise<Buffer | null> {
  const c = await documentRow(consentId);
  if (!c || c.status !== "signed" || !c.renderedHtml || !c.patientName) return null;
  const [branding, listened] = await Promise.all([getDocumentBranding(c.tenantId), bestListened(autocommit, c.tenantId, consentId)]);
  const task = consentTask(consentId, c, branding, listened, physician);
  if (!task) return null;
  const input: ConsentPdfInput = { tenantId: c.tenantId, consentId, documentSha256: null, recordedAt: at, title: task.data.templateTitle, author: c.tenant.name, task, qualified: null };
  return renderDocument({
    ...task,
    archive: {
      title: input.title,
      author: input.author,
      createdAt: at,
      attachment: { name: "kanit.json", description: "Kanıt kayıtları (hekimin imzasından önceki son imzaya kadar)", json: await evidenceThroughLastSignature(input) },
    },
    signature,
  });
}
