// The panel's words for re-consent, in English (see reconsent-tr.ts).
import type { ReconsentMessages } from "./reconsent-tr";

export const reconsentEn: ReconsentMessages = {
  title: (code: string) => `Re-consent: ${code}`,
  link: "Awaiting re-consent",
  intro: (version: number) =>
    `Consents completed before the template's material change and not renewed yet. A re-consent creates a new consent for the same person on version ${version} and sends its signing link by SMS; each SMS uses one quota unit.`,
  count: (n: number) => `${n} consent${n === 1 ? "" : "s"} awaiting re-consent`,
  empty: "No consent is awaiting re-consent.",
  sendHint: (max: number) => `Choose the consents to send re-consent for. At most ${max} at a time; when the quota runs out, the rest are not sent.`,
  selectAll: "Select all on this page",
  select: (who: string) => `Select: ${who}`,
  selected: (n: number) => `${n} consent${n === 1 ? "" : "s"} selected`,
  sendChosen: "Send re-consent to the selected",
  confirmTitle: "Send re-consent?",
  confirmCount: (n: number) => `${n} ${n === 1 ? "person" : "people"} will get the new version's signing link by SMS.`,
  confirmCost: (n: number) => `Cost: ${n} SMS = ${n} quota unit${n === 1 ? "" : "s"}.`,
  quotaLeft: (remaining: number, unlimited: boolean) => (unlimited ? "Quota left: unlimited." : `Quota left: ${remaining}.`),
  quotaShort: (remaining: number) => `The quota covers only ${remaining} SMS: the rest of the selection will not be sent.`,
  confirmYes: (n: number) => `Yes, send ${n} SMS`,
  back: "Cancel",
  sending: "Sending…",
  resultsTitle: "Result",
  result: (sent: number, quota: number, skipped: number, failed: number) =>
    `${sent} re-consent${sent === 1 ? "" : "s"} sent.` +
    (quota ? ` ${quota} not sent: the quota ran out.` : "") +
    (skipped ? ` ${skipped} no longer awaited re-consent and ${skipped === 1 ? "was" : "were"} skipped.` : "") +
    (failed ? ` ${failed} could not be sent.` : ""),
  outcome: {
    sent: (id: string) => `Sent: ${id}`,
    quota: "Not sent: the quota ran out",
    skipped: "Skipped: no longer awaiting re-consent",
    failed: (why: string) => `Could not be sent: ${why}`,
  },
  renewal: "Re-consent",
  none: "Not sent yet",
  previous: "Renews consent",
  required: "Required: material change of the template",
};
