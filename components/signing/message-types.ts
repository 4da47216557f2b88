// The shape of the signing pages' message table: every language has every key (TypeScript checks
// it, and lib/i18n/message-tables.test.ts checks it at run time).

export type ApproverType = "hasta" | "veli" | "vasi" | "sahip";

export interface OnBehalf {
  type: ApproverType;
  patientName: string;
  approverName: string | null;
  relation: string | null;
  animal: { name: string | null; species: string | null } | null;
}

export interface Messages {
  pageTitle: string;
  otherLanguage: string;
  otherLanguageLabel: string;
  institution: string;
  procedure: string;
  physician: string;
  patient: string;
  validUntil: string;
  onBehalf: (p: OnBehalf) => string;
  textHeading: string;
  /** decisions §26: above a re-consent's text */
  formUpdatedTitle: string;
  formUpdatedAdded: string;
  textHint: string;
  /** decisions §22: the recording of the text, offered beside it */
  readAloud: { heading: string; hint: string; unsupported: string };
  /** the form's text exists only in `name` (the consent's language, named in the page's) */
  textOnlyIn: (name: string) => string;
  showText: string;
  /** before the code: only that a form waits, and until when (decisions §15) */
  waitingTitle: string;
  waitingText: (institution: string) => string;

  outcome: {
    completedTitle: string;
    completedText: (at: string) => string;
    rejectedTitle: string;
    rejectedText: (at: string) => string;
    expiredTitle: string;
    expiredText: (at: string) => string;
    cancelledTitle: string;
    cancelledText: (at: string) => string;
    withdrawnTitle: string;
    withdrawnText: (at: string) => string;
    /** issue #51: the mark on a withdrawn consent's copy: "Geri alındı — <date>" */
    withdrawnMark: (at: string) => string;
    /** issue #51: the sealed withdrawal receipt beside the original, and while it is being made */
    receiptDownload: string;
    receiptPreparing: string;
    /** decisions §19: the person signed; the informing physician's countersignature is awaited */
    signedTitle: string;
    signedText: (at: string) => string;
    /** §19: once the physician has signed, the same link hands out the person's copy after a new code */
    signedCopyLater: string;
    /** decisions §22: a re-consent on a newer version completed */
    supersededTitle: string;
    supersededText: (at: string) => string;
    /** decisions §26: a material change reached this open consent; its link signs nothing */
    textUpdatedTitle: string;
    textUpdatedText: string;
    contact: string;
    /** a signed consent (completed, or awaiting the physician): what its link offers is shown with it (§18, §19) */
    contactSigned: string;
    /** a kurum consent after its download window: the record lives with the institution only */
    purged: string;
  };

  notFoundTitle: string;
  notFoundText: string;
  /** an address that is no page of the service at all (app/not-found.tsx) */
  pageNotFoundTitle: string;
  pageNotFoundText: string;
  /** the database cannot be reached: the address may be fine */
  unavailableTitle: string;
  unavailableText: string;

  withdrawHeading: string;
  withdrawIntro: (phone: string) => string;
  withdrawStart: string;
  withdrawReasonLabel: string;
  withdrawConfirm: string;
  withdrawing: string;
  withdrawDone: string;
  /** the withdrawal offered to a browser that has just verified a new code (for its copy, say) */
  withdrawIntroVerified: string;
  /** issue #51: what withdrawing means, said before the person confirms it, and the way back */
  withdrawConsequence: string;
  withdrawCancel: string;
  /** decisions §19: a completed consent's link hands out the person's signed copy after a new code */
  copyHeading: string;
  copyIntro: (phone: string) => string;
  copyStart: string;
  stepVerify: string;
  verifyIntro: (phone: string) => string;
  sendCode: string;
  sendingCode: string;
  codeSent: (phone: string) => string;
  codeRecentlySent: string;
  codeValidFor: (mmss: string) => string;
  codeExpiredHint: string;
  resendIn: (seconds: number) => string;
  resendCode: string;
  codeLabel: string;
  codeHelp: string;
  verify: string;
  verifying: string;
  verified: string;
  codeFormat: string;
  wrongCode: (attemptsLeft: number) => string;
  otpLocked: string;
  otpExpired: string;
  otpMissing: string;
  rateLimited: (seconds: number) => string;
  tooManyCodes: (seconds: number) => string;
  linkLocked: string;
  /** issue #49: a completed consent's link paused after wrong codes; the lock ends by itself */
  linkPaused: string;
  /** the wait before another code, as "m:ss" */
  newCodeIn: (time: string) => string;
  newCodeReady: string;

  stepApprove: string;
  readLabel: string;
  readText: string;
  /** why the "read" box is disabled until the text was scrolled to its end, and the way there */
  readHint: string;
  jumpToEnd: string;
  understoodLabel: string;
  understoodText: string;
  stepSignature: string;
  signatureHelp: string;
  signatureCanvas: string;
  signatureLine: string;
  clear: string;
  undo: string;
  signatureEmpty: string;
  /** decisions §23: the person may type their name instead of drawing */
  typeInstead: string;
  drawInstead: string;
  typedLabel: string;
  typedHelp: string;
  missingTyped: string;
  missingIntro: string;
  missingRead: string;
  missingUnderstood: string;
  /** decisions §26: an in-person consent's link opened outside the clinic's kiosk view, and the kiosk's exit (for the staff) */
  inPersonTitle: string;
  inPersonText: string;
  kioskExit: string;
  /** decisions §26: the form's clauses, each ticked or not; a required one must be ticked to sign */
  clausesHeading: string;
  clausesIntro: string;
  clauseRequired: string;
  clauseOptional: string;
  missingClauses: string;
  missingSignature: string;
  /** decisions §17: the interpreter who explained the text signs too */
  interpreterHeading: (name: string) => string;
  interpreterHelp: string;
  missingInterpreter: string;
  /** decisions §19: a witness signs on the same device, after the person (and the interpreter) */
  witnessHeading: (name: string) => string;
  witnessHelp: string;
  missingWitness: string;
  approve: string;
  approving: string;
  signInvalid: string;
  /** decisions §22: the teach-back questions, between the text and the signature */
  teachBack: {
    heading: string;
    intro: string;
    progress: (n: number, total: number) => string;
    correct: string;
    wrong: string;
    stillWrong: string;
    rightAnswer: string;
    /** shown after a wrong answer to a question without its own explanation */
    explanationFallback: string;
    tryAgain: string;
    next: string;
    finish: string;
    /** after a wrong answer: go on without answering again */
    skip: string;
  };

  decline: string;
  declineHeading: string;
  declineIntro: string;
  declineReasonLabel: string;
  declineReasonHelp: string;
  declineContinue: string;
  declineCancel: string;
  confirmHeading: string;
  confirmText: string;
  confirmYes: string;
  confirmBack: string;
  declining: string;

  doneSignedTitle: string;
  doneSignedText: (at: string) => string;
  doneDeclinedTitle: string;
  doneDeclinedText: (at: string) => string;
  doneClose: string;
  /** the link to the person's own copy of the signed PDF */
  doneDownload: string;
  /** while the signed PDF is being produced, sealed and time-stamped (a few seconds) */
  documentPreparing: string;
  /** when it takes longer than usual: the link still comes here, or later through this page */
  documentPreparingSlow: string;

  otpRequired: string;
  smsFailed: string;
  closed: string;
  genericError: string;
  networkError: string;
}

