// The panel's words for the consent list's filters and export, and the consent's documents card, in English.
import type { ConsentListMessages } from "./consent-list-tr";

export const consentListEn: ConsentListMessages = {
  anyTemplate: "All",
  anyLanguage: "All",
  exportCsv: "Download CSV",
  exportHint: (n: number) => `The newest ${n.toLocaleString("en-GB")} consents of the filtered list; masked national id and phone, status, dates and template only (no name, physician or procedure).`,
  exportZip: "Download PDFs as ZIP",
  zipEmpty: "No signed document to download in the chosen range; no ZIP was made.",
  zipHint: (n: number, mb: number) => `ZIP: the newest ${n} signed documents, at most ${mb} MB; a BENIOKU.txt inside says when there were more.`,
  scanCapped: (n: number) => `Physician and procedure were searched among the newest ${n.toLocaleString("en-GB")} consents matching the other filters; narrow the dates for older ones.`,
  print: "Print",
  printHint: "The PDF opens in a new tab; print it with the browser's print command.",
  noDocument: "The document appears here once the person has signed.",
  purgedDocuments: "The document and evidence report were deleted under the retention policy; only the timestamp token can be downloaded.",
};
