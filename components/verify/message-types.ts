// The shape of the verification page's message table: Turkish (./messages.ts) is the reference, and
// every language in ./locales gives every key (components/message-tables.test.ts).
export interface Messages {
  pageTitle: string;
  intro: string;
  otherLanguage: string;
  otherLanguageLabel: string;
  /** names the list of the page's languages at its foot */
  languages: string;

  idLabel: string;
  idHelp: string;
  methodLegend: string;
  methodFile: string;
  methodHash: string;
  fileLabel: string;
  fileDrop: string;
  fileChoose: string;
  fileHelp: string;
  fileChosen: (name: string, size: string) => string;
  hashLabel: string;
  hashHelp: string;
  submit: string;
  hashing: string;
  checking: string;

  digestNotFoundTitle: string;
  digestNotFoundText: string;
  badId: string;
  missingFile: string;
  badHash: string;
  readFailed: string;
  noSubtle: string;

  matchTitle: string;
  /** a refusal record (decisions §19, §25): nobody signed it, it was recorded */
  matchRecordTitle: string;
  /** issue #51, decisions §18: the digest is the consent's withdrawal receipt, not its document */
  matchReceiptTitle: string;
  receiptOf: (id: string) => string;
  mismatchTitle: string;
  notFoundTitle: string;
  notFoundText: string;
  mismatchText: string;
  unsignedTitle: string;
  unsignedText: string;
  institution: string;
  documentId: string;
  signedAt: string;
  notSigned: string;
  status: (s: string) => string;
  /** decisions §25: the status on record, shown on /dogrula/{id} before any file is chosen */
  recordTitle: string;
  recordUnknown: string;
  recordLimited: string;
  recordChanges: string;
  recordAsk: string;
  statusLabel: string;
  timestamp: string;
  tsProvider: string;
  tsTime: string;
  tsSerial: string;
  tsLegal: string;
  tsTest: string;
  tsQueued: string;
  tsFailed: string;
  tsNone: string;
  computedHash: string;
  seal: string;
  sealValid: (signer: string, level: string) => string;
  sealNone: string;
  /** decisions §20: the consent's last record in the transparency log */
  log: string;
  logEntry: (position: number, signedAt: string) => string;

  /** decisions §24: the verifier's verdict, every signature with its role, the level */
  verdictValid: string;
  verdictInvalid: string;
  signaturesTitle: string;
  roles: Record<"seal" | "physician" | "timestamp" | "document-timestamp", string>;
  sigValid: string;
  sigInvalid: string;
  sigTrusted: string;
  sigUntrusted: string;
  sigQualified: string;
  level: string;
  /** why a file is INVALID, by what its first failed check was about */
  reasonKinds: Record<"structure" | "changed" | "signature" | "evidence", string>;
  reasonDetail: string;
  /** the file itself checked on the server, only when the person asks */
  fileCheckTitle: string;
  fileCheckText: string;
  fileCheckButton: string;
  fileChecking: string;
  fileCheckValidTitle: string;
  fileCheckInvalidTitle: string;
  fileCheckDocument: string;
  fileTooLarge: string;
  fileNotPdf: string;

  rateLimited: (seconds: number) => string;
  genericError: string;
  networkError: string;

  guideTitle: string;
  guideIntro: string;
  guidePdfTitle: string;
  guidePdfText: string;
  guideTsTitle: string;
  guideTsText: (certUrl: string) => string;
  guideChainTitle: string;
  guideChainText: string;
  guideChainNote: string;
  guideSealTitle: string;
  guideSealText: (certUrl: string) => string;
  guideDetachText: string;
}
