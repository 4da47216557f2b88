// The keys of the consent PDF's wording (lib/documents/pdf-labels.ts holds the tables, one per
// language); apart from the tables so that neither file passes 400 lines.
export interface PdfLabels {
  kind: string;
  templateVersion: string;
  consentNo: string;
  signedAt: string;
  personSection: string;
  name: string;
  nationalId: string;
  phone: string;
  approver: string;
  animal: string;
  physician: string;
  procedure: string;
  text: string;
  approvalSection: string;
  statement: string;
  ip: string;
  otpPhone: string;
  /** decisions §22: the share of the text's recording heard (metin_dinlendi) */
  listened: string;
  device: string;
  onBehalfOf: (patient: string) => string;
  approverTypes: { hasta: string; veli: string; vasi: string; sahip: string };
  interpreter: string;
  /** decisions §19: the parties beside the person, and what their blocks show */
  witness: string;
  informingPhysician: string;
  registrationNo: string;
  informedAt: string;
  interpretedLanguage: string;
  signingSession: string;
  /** decisions §19: the record of a refusal to sign (Ret Tutanağı) */
  refusalKind: string;
  shownText: string;
  refusalSection: string;
  refusalStatement: string;
  refusalReason: string;
  recordedBy: string;
  recordedAt: string;
  sealedStatement: string;
  verification: string;
  verificationText: string;
  contentDigest: string;
  /** decisions §22: the teach-back questions and how they were answered */
  comprehensionSection: string;
  /** decisions §26: the clauses and the person's answers */
  clausesSection: string;
  clauseAccepted: string;
  clauseDeclined: string;
  clauseRequired: string;
  /** decisions §26: a re-consent's note of what changed */
  formUpdatedSection: string;
  formUpdatedAdded: string;
  firstTryCorrect: string;
  rightAnswer: string;
  answeredRight: string;
  answeredWrong: string;
  secondAnswer: string;
  noSecondAnswer: string;
}
