// What the physician reads before countersigning (decisions §19): the text exactly as the person was
// shown it (the rendered HTML hashed into content_sha256: the template's sanitized HTML with escaped
// values), who signed for whom and when, and each drawn signature; and the bounds the time of
// informing must keep (countersign-consent.ts): not after the person's signature, not more than 30
// days before the consent was made. Scoped to the tenant: another tenant's id is not found.
import { consentEventTimes, countersignViewRow } from "@/lib/db/consent-panel-reads";
import { env } from "@/lib/env";
import { cscSettingsFrom } from "@/lib/remote-signing/csc-settings";
import { decrypt } from "@/lib/encryption";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/time";
import { now } from "@/lib/clock";
import { effectiveStatus, type ConsentStatus } from "@/lib/consents/consent-status";
import { decryptField, decryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { isLanguage, type Language } from "@/lib/i18n/languages";
import { textIn } from "@/lib/templates/translations";
import { questionsIn } from "@/lib/templates/questions";
import { describeComprehension, type ComprehensionDetail } from "@/lib/consents/comprehension";
import { turkishAnnex } from "@/lib/consents/turkish-annex";

const INFORMED_BEFORE_CREATION_MS = 30 * 24 * 3_600_000;

export interface SignerView {
  name: string | null;
  signedAt: string | null;
  /** the drawn signature as a PNG data URL */
  signature: string | null;
  /** decisions §23: the name the person typed instead of drawing (the person only) */
  typed?: string | null;
}

interface CountersignView {
  id: string;
  status: ConsentStatus;
  title: string;
  templateCode: string;
  templateVersion: number;
  language: Language;
  /** null once purged */
  html: string | null;
  /**
   * issue #51: for a consent in another language, the Turkish text of the same template version filled
   * with the same values (the PDF's annex, decisions §25) — the physician reads Turkish; null for a
   * Turkish consent and once purged
   */
  turkish: { title: string; html: string } | null;
  /** issue #51: who countersigned (`panel:<user id>`, `api:…`) and how, once it is done; whether the document exists yet */
  countersigned: { by: string | null; method: string | null; documentReady: boolean } | null;
  contentSha256: string;
  patientName: string | null;
  approver: { type: string; name: string | null; relation: string | null };
  animal: { name: string | null; species: string | null } | null;
  physician: string | null;
  procedure: string | null;
  createdAt: string;
  person: SignerView;
  interpreter: SignerView | null;
  witness: SignerView | null;
  /** `datetime-local` values in the service time zone: the default, and the bounds the domain checks */
  informed: { value: string; min: string; max: string } | null;
  timeZone: string;
  /** decisions §22: how the person answered the teach-back questions; null when none were asked */
  comprehension: ComprehensionDetail | null;
  /**
   * decisions §24: null for a drawn countersignature; for a qualified one, whether the institution's
   * remote signing service (CSC) is configured beside the card agent
   */
  qualified: { remote: boolean } | null;
}

const png = (b: Uint8Array | null) => (b ? `data:image/png;base64,${decryptFieldBytes(b).toString("base64")}` : null);

export async function getCountersignViewOrThrow(tenantId: string, id: string): Promise<CountersignView> {
  const c = await countersignViewRow(tenantId, id);
  if (!c) throw new AppError("not_found", "Onam bulunamadı.");
  const tz = env().APP_TIMEZONE;
  const dt = (d: Date | null) => (d ? formatDateTime(d, tz) : null);
  const local = (d: Date) => formatDateTime(d, tz).replace(" ", "T");
  const purged = c.purgedAt !== null;
  // When the interpreter and the witness signed: their evidence records (the times are not secret).
  const signedTimes = await consentEventTimes(tenantId, c.id, ["tercuman_imzaladi", "tanik_imzaladi"]);
  const timeOf = (event: string) => signedTimes.find((e) => e.event === event)?.at ?? null;
  const language = isLanguage(c.language) ? c.language : "tr";
  const status = effectiveStatus(c.status, c.expiresAt, now());
  return {
    id: c.id,
    status,
    title: textIn(language, c.templateVer)?.title ?? c.templateVer.title,
    templateCode: c.templateCode,
    templateVersion: c.templateVersion,
    language,
    html: !purged && c.renderedHtml ? decrypt(c.renderedHtml) : null,
    turkish: purged ? null : turkishAnnex(c),
    countersigned: c.countersignedAt ? { by: c.countersignedBy, method: c.countersignMethod, documentReady: c.documentSha256 !== null } : null,
    contentSha256: c.contentSha256,
    patientName: c.patientName ? decrypt(c.patientName) : null,
    approver: { type: c.approverType, name: c.approverName ? decrypt(c.approverName) : null, relation: decryptField(c.approverRelation) },
    animal: c.animalName || c.animalSpecies ? { name: decryptField(c.animalName), species: decryptField(c.animalSpecies) } : null,
    physician: decryptField(c.physician),
    procedure: decryptField(c.procedure),
    createdAt: dt(c.createdAt)!,
    person: { name: c.approverName ? decrypt(c.approverName) : c.patientName ? decrypt(c.patientName) : null, signedAt: dt(c.signedAt), signature: png(c.signatureImage), typed: decryptField(c.typedSignature) },
    interpreter: c.interpreterName ? { name: decrypt(c.interpreterName), signedAt: timeOf("tercuman_imzaladi"), signature: png(c.interpreterSignature) } : null,
    witness: c.witnessName ? { name: decrypt(c.witnessName), signedAt: timeOf("tanik_imzaladi"), signature: png(c.witnessSignature) } : null,
    informed:
      status === "signed" && c.signedAt
        ? { value: local(c.signedAt), min: local(new Date(c.createdAt.getTime() - INFORMED_BEFORE_CREATION_MS)), max: local(c.signedAt) }
        : null,
    timeZone: tz,
    comprehension: describeComprehension(c.comprehension, questionsIn(language, c.templateVer.questions)),
    qualified: c.physicianSignatureType === "nitelikli" ? { remote: cscSettingsFrom(env()) !== null } : null,
  };
}
