// Decisions §24 rule 2 as a check of the report: the revisions after the seal hold nothing but
// what a validator or the service's archive renewal adds — every byte accounted for, and every
// object they define either validation data or a document time-stamp with its invisible field.
import { changesAfter } from "@/lib/verifier/pdf/changes-after";
import { unaccountedBytes } from "@/lib/verifier/pdf/appended-bytes";
import type { PdfFile, Revision } from "@/lib/verifier/pdf/pdf-file";
import type { Judged } from "@/lib/verifier/judge-signatures";
import { failed, ok, reason, type Check } from "@/lib/verifier/report";

export function appendedChecks(file: PdfFile, sealed: Revision, judged: Judged[]): Check[] {
  const later = file.revisions.filter((r) => r.index > sealed.index);
  const stamps = judged.filter((j) => j.report.role === "document-timestamp" && j.field && j.field.revision.index > sealed.index);
  const signatures = new Map(stamps.flatMap((j) => (j.report.valid && j.field?.ref ? [[j.field.ref.num, { type: j.field.type }] as const] : [])));
  let problems: string[];
  try {
    problems = [...unaccountedBytes(file, sealed.end), ...changesAfter(file, sealed.index, { signatures, signaturesAllowed: false })];
  } catch (err) {
    problems = [`the revisions after the seal cannot be read: ${reason(err)}`];
  }
  if (problems.length > 0) return [failed("changes after the seal", problems.join("; "))];
  return [ok("changes after the seal", later.length === 0 ? "none" : `${later.length} revision(s) adding only validation data (DSS) and ${stamps.length} document time-stamp(s)`)];
}
