// Consents: the reads of one consent that the API's hot paths (lib/db/consents.ts) do not serve — what
// an action checks before its transaction, what a refusal says, what the signing page, a download and
// a FHIR document show. Each names the tenant, but for those reached by a credential of their own:
// the signing link's token, the short code that stands for it, and the signed download link.
import { Prisma } from "@prisma/client";
import { db, sqlRows } from "@/lib/db";
import { brandingRowSelect } from "@/lib/db/branding";

/** Where the tenant's consent stands, for the answer to an action it does not allow. */
export function consentState(tenantId: string, id: string) {
  return db().consent.findFirst({ where: { id, tenantId }, select: { status: true, expiresAt: true, signedAt: true, purgedAt: true } });
}

/** What a countersignature checks before its transaction (decisions §19). */
export function countersignBasis(tenantId: string, id: string) {
  return db().consent.findFirst({ where: { id, tenantId }, select: { status: true, createdAt: true, signedAt: true, purgedAt: true, physicianSignatureType: true } });
}

/** What a resend checks before its transaction: the status, the masked phone and the tenant's licence. */
export async function resendBasis(tenantId: string, id: string) {
  const c = await db().consent.findFirst({
    where: { id, tenantId },
    select: { status: true, expiresAt: true, phoneMasked: true, identityCheck: true, tenant: { select: { licenseEnds: true } } },
  });
  return c && { status: c.status, expiresAt: c.expiresAt, phoneMasked: c.phoneMasked, identityCheck: c.identityCheck, licenseEnds: c.tenant.licenseEnds };
}

/** What a re-consent copies from the consent it renews (decisions §22): the person and the values, still encrypted. */
export function reconsentSource(tenantId: string, id: string) {
  return db().consent.findFirst({
    where: { id, tenantId },
    select: {
      status: true, purgedAt: true, completionAnnouncedAt: true, replacedBy: true, templateCode: true, templateVersion: true, patientName: true, phone: true, tcEncrypted: true,
      birthDate: true, physician: true, procedure: true, approverType: true, approverName: true, approverRelation: true, animalName: true,
      animalSpecies: true, variables: true, language: true, externalRef: true, externalPatientId: true,
      interpreterName: true, witnessName: true, countersignRequired: true, physicianSignatureType: true, reconsentRequired: true, expiresAt: true,
    },
  });
}

/** decisions §22: the consent's language, its recorded answers and its version's teach-back questions. */
export async function comprehensionRow(tenantId: string, id: string): Promise<{ language: string; comprehension: Prisma.JsonValue; questions: Prisma.JsonValue } | null> {
  const c = await db().consent.findFirst({
    where: { id, tenantId },
    select: { language: true, comprehension: true, templateVer: { select: { questions: true } } },
  });
  return c && { language: c.language, comprehension: c.comprehension, questions: c.templateVer.questions };
}

/** The stored document of the tenant's consent, as the signer's copy reads it. */
export function signedDocumentRow(tenantId: string, id: string) {
  return db().consent.findFirst({ where: { id, tenantId }, select: { status: true, documentKey: true, documentSha256: true, receiptKey: true, receiptSha256: true } });
}

/** A chain's head and count as the tenant's consent row holds them (kept after a purge, decisions §12). */
export function chainState(tenantId: string, id: string) {
  return db().consent.findFirst({ where: { id, tenantId }, select: { id: true, chainHead: true, eventCount: true, ...documentStateSelect } });
}

/** What tells whether a consent's document is being produced (lib/consents/await-document.ts). */
export const documentStateSelect = { status: true, documentSha256: true, documentAttempts: true, purgedAt: true } satisfies Prisma.ConsentSelect;
export type DocumentState = Prisma.ConsentGetPayload<{ select: typeof documentStateSelect }>;

/** Asked again and again while a read waits (lib/consents/await-document.ts): one statement on the driver. */
export async function documentState(tenantId: string, id: string): Promise<DocumentState | null> {
  const [row] = await sqlRows<DocumentState>(Prisma.sql`
    SELECT status, document_sha256 AS "documentSha256", document_attempts AS "documentAttempts", purged_at AS "purgedAt"
    FROM consents WHERE id = ${id} AND tenant_id = ${tenantId}`);
  return row ?? null;
}

// ── Reached by a credential of its own ───────────────────────────────────────────────────────────

/** The consent behind a signing link's token, its id and tenant only. */
export function consentKeyByToken(token: string): Promise<{ id: string; tenantId: string } | null> {
  return db().consent.findUnique({ where: { linkToken: token }, select: { id: true, tenantId: true } });
}

/** The signing link's token behind a short code (the code stands for the link). */
export async function linkTokenByShortCode(code: string): Promise<string | null> {
  return (await db().consent.findUnique({ where: { shortCode: code }, select: { linkToken: true } }))?.linkToken ?? null;
}

/** When the consent was signed: for its signing page, whose consent id came from the link's token. */
export async function signedAtOf(consentId: string): Promise<Date | null> {
  return (await db().consent.findUnique({ where: { id: consentId }, select: { signedAt: true } }))?.signedAt ?? null;
}

/**
 * decisions §25: a consent's status from a printout, by its id alone (the id is printed on the document
 * and in its QR code, as the public verify finds a document by its digest): nothing about the person.
 */
export function publicStatusRow(id: string) {
  return db().consent.findUnique({ where: { id }, select: { id: true, status: true, expiresAt: true, signedAt: true, tenant: { select: { name: true } } } });
}

/** What the signing page shows, by the link's token (lib/signing/get-signing-view.ts). */
export function signingViewRow(token: string) {
  return db().consent.findUnique({
    where: { linkToken: token },
    select: {
      id: true,
      tenantId: true,
      status: true,
      expiresAt: true,
      procedure: true,
      physician: true,
      patientName: true,
      approverType: true,
      approverName: true,
      approverRelation: true,
      animalName: true,
      animalSpecies: true,
      renderedHtml: true,
      contentSha256: true,
      phoneMasked: true,
      signedAt: true,
      rejectedAt: true,
      cancelledAt: true,
      withdrawnAt: true,
      purgedAt: true,
      reconsentRequired: true,
      language: true,
      interpreterName: true,
      witnessName: true,
      comprehension: true,
      identityCheck: true,
      // decisions §23: the letterhead's fields, none of them personal
      tenant: { select: { name: true, branding: { select: brandingRowSelect } } },
      templateVer: { select: { title: true, body: true, translations: true, questions: true, clauses: true, changeNotes: true } },
      previousId: true,
    },
  });
}

/** decisions §26: the text the renewed consent showed (encrypted; null once purged), to say what changed. */
export async function renewedConsentHtml(tenantId: string, id: string): Promise<string | null> {
  return (await db().consent.findFirst({ where: { id, tenantId }, select: { renderedHtml: true } }))?.renderedHtml ?? null;
}

/** What a signed download link serves (its signature names the consent: decisions §8). */
export function downloadRow(consentId: string) {
  return db().consent.findUnique({ where: { id: consentId }, select: { tenantId: true, documentKey: true, documentSha256: true, receiptKey: true, receiptSha256: true, tsToken: true, purgedAt: true } });
}

// ── Documents ────────────────────────────────────────────────────────────────────────────────────

/** The evidence report's consent fields (decisions §8), with the institution's name. */
export async function evidenceReportRow(tenantId: string, id: string) {
  const c = await db().consent.findFirst({
    where: { id, tenantId },
    select: {
      status: true,
      expiresAt: true,
      templateCode: true,
      templateVersion: true,
      contentSha256: true,
      documentSha256: true,
      signedAt: true,
      tsStatus: true,
      tsError: true,
      tsTime: true,
      tsSerial: true,
      tsProvider: true,
      tsAttempts: true,
      tenant: { select: { name: true } },
    },
  });
  if (!c) return null;
  const { tenant, ...consent } = c;
  return { ...consent, institution: tenant.name };
}

/** What a FHIR DocumentReference says of the tenant's consent's document (decisions §21), with the institution's code and name. */
export async function documentReferenceRow(tenantId: string, id: string) {
  const c = await db().consent.findFirst({
    where: { id, tenantId },
    select: {
      id: true,
      status: true,
      externalPatientId: true,
      patientName: true,
      approverType: true,
      approverName: true,
      approverRelation: true,
      countersignerName: true,
      countersignerRegistrationNo: true,
      informedAt: true,
      countersignedAt: true,
      templateCode: true,
      templateVersion: true,
      language: true,
      documentSha256: true,
      documentKey: true,
      documentAt: true,
      purgedAt: true,
      tenant: { select: { code: true, name: true } },
    },
  });
  if (!c) return null;
  const { tenant, ...consent } = c;
  return { ...consent, tenantCode: tenant.code, tenantName: tenant.name };
}
