// Every error of the FHIR API as an OperationOutcome (decisions §21): the same AppError and status
// as /v1's problem+json (§2), its code kept as a coding, one issue per parameter it names.
import type { OperationOutcome, OperationOutcomeIssue } from "@medplum/fhirtypes";
import { env } from "@/lib/env";
import type { AppError, ErrorCode } from "@/lib/errors";

type IssueType = OperationOutcomeIssue["code"];

/** The R4 issue type (http://hl7.org/fhir/issue-type) of each error code. */
const ISSUE: Record<ErrorCode, IssueType> = {
  bad_request: "invalid",
  unauthorized: "login",
  quota_exhausted: "business-rule",
  license_expired: "business-rule",
  forbidden_scope: "forbidden",
  forbidden: "forbidden",
  not_found: "not-found",
  method_not_allowed: "not-supported",
  invalid_state: "conflict",
  idempotency_conflict: "conflict",
  purged: "deleted",
  payload_too_large: "too-costly",
  unsupported_media_type: "not-supported",
  missing_variables: "required",
  validation_failed: "invalid",
  template_unavailable: "business-rule",
  rate_limited: "throttled",
  internal: "exception",
  service_unavailable: "transient",
};

export function operationOutcomeOf(err: AppError): OperationOutcome {
  const code = err.extra?.fhirIssue === "not-supported" ? "not-supported" : ISSUE[err.code];
  // The service's own code, as problem+json's `type` names it, so that both APIs' errors read alike.
  const details = (text: string) => ({ coding: [{ system: `${env().APP_URL}/errors`, code: err.code }], text });
  const named = Object.entries(err.errors ?? {});
  const issue: OperationOutcomeIssue[] = named.length
    ? named.map(([name, messages]) => ({ severity: "error", code, details: details(err.message), diagnostics: messages.join("; "), expression: [name] }))
    : [{ severity: err.status >= 500 ? "fatal" : "error", code, details: details(err.message) }];
  return { resourceType: "OperationOutcome", issue };
}
