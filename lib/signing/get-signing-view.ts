// What the signing page shows, looked up by the link token alone (the only credential a patient has).
import { cache } from "react";
import { autocommit } from "@/lib/db";
import { signingViewRow } from "@/lib/db/consent-reads";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { formatDateTime } from "@/lib/time";
import { effectiveStatus, type ConsentStatus } from "@/lib/consents/consent-status";
import { linkLimits } from "@/lib/signing/link-lock";
import { decryptField } from "@/lib/consents/encrypted-fields";
import { isLanguage, type Language } from "@/lib/i18n/languages";
import { describeLanguages, textIn } from "@/lib/templates/translations";
import { questionsIn, type TeachBackQuestion } from "@/lib/templates/questions";
import { clausesIn, type TemplateClause } from "@/lib/templates/clauses";
import { clinicBranding, type ClinicBranding } from "@/lib/branding/clinic-branding";
import { whatChanged, type WhatChanged } from "@/lib/consents/what-changed";

/** What the outcome of a closed consent needs; all that a purged (kurum) consent still has. */
export interface SigningOutcomeView {
  consentId: string;
  status: ConsentStatus;
  institution: string;
  title: string;
  expiresAt: string;
  signedAt: string | null;
  rejectedAt: string | null;
  cancelledAt: string | null;
  withdrawnAt: string | null;
  /** decisions §17: the language of the text; the page's wording follows it */
  language: Language;
  /** decisions §26: an open consent a material change reached: its link signs nothing */
  textUpdated: boolean;
  /** the languages the consent's template version has a text in (tr first): not personal */
  textLanguages: Language[];
  /** decisions §23: the institution's logo, address, phone and privacy link: not personal */
  clinic: ClinicBranding;
  /** decisions §26: identity checked in person; the consent opens only on the clinic's kiosk view */
  inPerson: boolean;
}

/** A consent purged after its download window (decisions §12): the outcome and nothing personal. */
interface PurgedSigningView extends SigningOutcomeView {
  purged: true;
}

export interface SigningView extends SigningOutcomeView {
  purged: false;
  procedure: string | null;
  physician: string | null;
  patientName: string;
  approver: { type: "hasta" | "veli" | "vasi" | "sahip"; name: string | null; relation: string | null };
  animal: { name: string | null; species: string | null } | null;
  /** the rendered HTML exactly as hashed into template.content_sha256 */
  html: string;
  contentSha256: string;
  phoneMasked: string;
  /** too many codes or wrong entries since the last resend (decisions §15) */
  locked: boolean;
  /** decisions §17: the interpreter who signs too */
  interpreterName: string | null;
  /** decisions §19: the witness who signs after the person (and the interpreter) */
  witnessName: string | null;
  /** decisions §22: the teach-back questions still to ask, in the consent's language (none once answered) */
  questions: TeachBackQuestion[];
  /** decisions §26: the clauses the person ticks, in the consent's language (none when the version has none) */
  clauses: TemplateClause[];
  /** decisions §26: a re-consent says what changed (null for a first consent) */
  whatChanged: WhatChanged | null;
}

/** The consent behind a link token, or null for an unknown token. */
async function getSigningView(token: string): Promise<SigningView | PurgedSigningView | null> {
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
  const c = await signingViewRow(token);
  if (!c) return null;
  const tz = env().APP_TIMEZONE;
  const dt = (d: Date | null) => (d ? formatDateTime(d, tz) : null);
  const outcome: SigningOutcomeView = {
    consentId: c.id,
    status: effectiveStatus(c.status, c.expiresAt, now()),
    institution: c.tenant.name,
    title: textIn(isLanguage(c.language) ? c.language : "tr", c.templateVer)?.title ?? c.templateVer.title,
    expiresAt: formatDateTime(c.expiresAt, tz),
    signedAt: dt(c.signedAt),
    rejectedAt: dt(c.rejectedAt),
    cancelledAt: dt(c.cancelledAt),
    withdrawnAt: dt(c.withdrawnAt),
    language: isLanguage(c.language) ? c.language : "tr",
    textUpdated: c.reconsentRequired && c.status === "sent",
    textLanguages: describeLanguages("", c.templateVer.translations).languages,
    clinic: clinicBranding(c.tenant.branding),
    inPerson: c.identityCheck === "yuz_yuze",
  };
  if (c.purgedAt || c.renderedHtml === null || c.patientName === null) return { ...outcome, purged: true };
  const html = decrypt(c.renderedHtml);
  return {
    ...outcome,
    purged: false,
    procedure: decryptField(c.procedure),
    physician: decryptField(c.physician),
    patientName: decrypt(c.patientName),
    approver: {
      type: c.approverType as SigningView["approver"]["type"],
      name: c.approverName ? decrypt(c.approverName) : null,
      relation: decryptField(c.approverRelation),
    },
    animal: c.animalName || c.animalSpecies ? { name: decryptField(c.animalName), species: decryptField(c.animalSpecies) } : null,
    html,
    contentSha256: c.contentSha256,
    phoneMasked: c.phoneMasked ?? "",
    locked: outcome.status === "sent" ? (await linkLimits(autocommit, c.id, now())).locked : false,
    interpreterName: c.interpreterName ? decrypt(c.interpreterName) : null,
    witnessName: c.witnessName ? decrypt(c.witnessName) : null,
    questions: c.comprehension === null ? questionsIn(outcome.language, c.templateVer.questions) : [],
    clauses: clausesIn(outcome.language, c.templateVer.clauses),
    whatChanged: outcome.status === "sent" ? await whatChanged({ tenantId: c.tenantId, previousId: c.previousId, language: outcome.language, changeNotes: c.templateVer.changeNotes, html }) : null,
  };
}

/**
 * getSigningView once per request: the page, its metadata and the root layout (which writes the
 * consent's language into <html lang dir>, decisions §17) share one lookup.
 */
export const signingViewOf = cache(getSigningView);
