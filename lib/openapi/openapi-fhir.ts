// The FHIR R4 operations of the OpenAPI document (decisions §21): their security (the /v1 keys,
// `onam:oku`; the CapabilityStatement is public), the media type application/fhir+json, and the
// parts of each R4 resource the service fills. The resources themselves are defined by HL7
// (https://hl7.org/fhir/R4/); tests/api/fhir*.test.ts validate every one against the R4 definitions.
import { ref, rateHeaders, type Json } from "@/lib/openapi/openapi-parts";

const FHIR = "application/fhir+json";
const str = { type: "string" };
const arr = (items: Json) => ({ type: "array", items });

function fhirResponse(description: string, schemaId: string, example?: unknown): Json {
  return { description, headers: rateHeaders, content: { [FHIR]: { schema: ref(schemaId), ...(example !== undefined ? { example } : {}) } } };
}

const ERROR_TEXT: Record<number, string> = {
  400: "a search parameter the server does not support, a malformed value or `_count` above 100: the issue's `expression` names the parameter",
  401: "missing or wrong Basic credentials, or a revoked key (`WWW-Authenticate: Basic realm=\"api\"`)",
  403: "the key lacks `onam:oku`",
  404: "an unknown id, or another institution's",
  405: "only GET (and OPTIONS) are served",
  410: "a `kurum` record purged after its download window (decisions §12): the institution keeps the document",
  429: "over the key's rate limit; `Retry-After` says when to try again",
  500: "an unexpected error",
  503: "the database or the document storage does not answer; `Retry-After`",
};

function fhirErrors(statuses: number[]): Json {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: `OperationOutcome: ${ERROR_TEXT[status]}`,
        headers: rateHeaders,
        content: { [FHIR]: { schema: ref("OperationOutcome"), ...(status === 400 ? { example: OUTCOME_EXAMPLE } : {}) } },
      },
    ]),
  );
}

const OUTCOME_EXAMPLE = {
  resourceType: "OperationOutcome",
  issue: [
    {
      severity: "error",
      code: "invalid",
      details: { coding: [{ system: "{base_url}/errors", code: "bad_request" }], text: "Arama parametresi _count: 0 ile 100 arasında bir tam sayı olmalı" },
      diagnostics: "0 ile 100 arasında bir tam sayı olmalı",
      expression: ["_count"],
    },
  ],
};

const READ_ERRORS = [401, 403, 404, 405, 429, 500, 503];
const idParam = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string" },
  example: "ons-261122-k3j9x0q2m7ab",
  description: "the consent's FHIR id: its /v1 id with `-` for `_` (FHIR ids cannot hold `_`); the /v1 spelling is accepted too",
};
const query = (name: string, schema: Json, description: string, extra: Json = {}) => ({ name, in: "query", required: false, schema, description, ...extra });

export function fhirPaths(): Json {
  return {
    "/fhir/r4/metadata": {
      get: {
        operationId: "fhirCapabilities",
        tags: ["FHIR R4"],
        summary: "The CapabilityStatement of the FHIR R4 API (no credentials needed)",
        security: [],
        responses: { "200": fhirResponse("CapabilityStatement", "FhirCapabilityStatement"), ...fhirErrors([405, 429, 500, 503]) },
      },
    },
    "/fhir/r4/Consent": {
      get: {
        operationId: "fhirSearchConsents",
        tags: ["FHIR R4"],
        summary: "Search the institution's consents: a searchset Bundle, newest first",
        description:
          "Status: `sent`/`signed` → `proposed`, `completed` → `active`, `rejected` → `rejected`, `withdrawn`/`expired`/`superseded` → `inactive`, `cancelled` → `entered-in-error`. " +
          "`Bundle.total` counts every match; a `next` link follows while more pages remain. Any other parameter is refused with 400, never ignored.",
        parameters: [
          query("status", str, "FHIR Consent status; comma-separated for any of them (`active,inactive`)"),
          query("date", arr(str), "created (Consent.dateTime): `[eq|ge|gt|le|lt]YYYY[-MM[-DD[Thh:mm[:ss][zone]]]]`; repeat for a range (`date=ge2026-11-01&date=lt2026-12-01`); without a zone, the service's time zone", {
            style: "form",
            explode: true,
          }),
          query("identifier", str, "`system|value`: the consent id under `{base_url}/fhir/sid/onam`, the institution's patient id (`dis_hasta_id`) under `{base_url}/fhir/sid/hasta/{institution code}`, its reference (`dis_ref`) under `{base_url}/fhir/sid/dis-ref/{institution code}`"),
          query("_count", { type: "integer", minimum: 0, maximum: 100, default: 20 }, "entries per page"),
          query("_page_token", str, "opaque: the `next` link carries it"),
          query("_format", { type: "string", enum: ["json", "application/json", "application/fhir+json"] }, "only JSON is served"),
        ],
        responses: { "200": fhirResponse("searchset Bundle of Consent resources", "FhirConsentBundle"), ...fhirErrors([400, 401, 403, 405, 429, 500, 503]) },
      },
    },
    "/fhir/r4/Consent/{id}": {
      parameters: [idParam],
      get: {
        operationId: "fhirReadConsent",
        tags: ["FHIR R4"],
        summary: "A consent as a FHIR R4 Consent",
        description:
          "Category LOINC 59284-0, scope `treatment`; the patient by the institution's patient id and name; the institution (and the countersigning physician, decisions §19) as performers; " +
          "`policy` the template version signed; `sourceReference` the sealed PDF's DocumentReference; `provision.period` from the person's signature (to a withdrawal); `verification` the code sent to the phone.",
        responses: { "200": fhirResponse("Consent", "FhirConsent"), ...fhirErrors(READ_ERRORS) },
      },
    },
    "/fhir/r4/DocumentReference/{id}": {
      parameters: [idParam],
      get: {
        operationId: "fhirReadDocumentReference",
        tags: ["FHIR R4"],
        summary: "A consent's sealed PDF (or its Ret Tutanağı) as a FHIR R4 DocumentReference",
        description: "The attachment's `url` is a signed download link valid 24 hours (read again for a fresh one), `size` its bytes, `hash` their SHA-1 (base64). 404 until the document exists.",
        responses: { "200": fhirResponse("DocumentReference", "FhirDocumentReference"), ...fhirErrors([...READ_ERRORS, 410]) },
      },
    },
  };
}

const coding = { type: "object", properties: { system: str, code: str, display: str } };
const codeable = { type: "object", properties: { coding: arr(coding), text: str } };
const identifier = { type: "object", properties: { use: str, type: codeable, system: str, value: str } };
const extension = { type: "object", required: ["url"], properties: { url: str, valueCode: str, valueReference: { $ref: "#/components/schemas/FhirReference" } } };
const period = { type: "object", properties: { start: str, end: str } };
const resource = (type: string, properties: Json, required: string[] = []) => ({
  type: "object",
  description: `FHIR R4 ${type}: https://hl7.org/fhir/R4/${type.toLowerCase()}.html (only the elements the service fills are listed)`,
  required: ["resourceType", ...required],
  properties: { resourceType: { const: type }, id: str, ...properties },
});

export function fhirSchemas(): Record<string, Json> {
  return {
    FhirReference: { type: "object", properties: { reference: str, type: str, identifier, display: str, extension: arr(extension) } },
    FhirConsent: resource(
      "Consent",
      {
        extension: arr(extension),
        identifier: arr(identifier),
        status: { type: "string", enum: ["draft", "proposed", "active", "rejected", "inactive", "entered-in-error"] },
        scope: codeable,
        category: arr(codeable),
        patient: ref("FhirReference"),
        dateTime: str,
        performer: arr(ref("FhirReference")),
        organization: arr(ref("FhirReference")),
        sourceReference: ref("FhirReference"),
        policy: arr({ type: "object", properties: { authority: str, uri: str } }),
        verification: arr({ type: "object", required: ["verified"], properties: { verified: { type: "boolean" }, verifiedWith: ref("FhirReference"), verificationDate: str } }),
        provision: { type: "object", properties: { type: { type: "string", enum: ["deny", "permit"] }, period } },
      },
      ["status", "scope", "category", "policy"],
    ),
    FhirConsentBundle: resource(
      "Bundle",
      {
        type: { const: "searchset" },
        timestamp: str,
        total: { type: "integer", minimum: 0 },
        link: arr({ type: "object", required: ["relation", "url"], properties: { relation: str, url: str } }),
        entry: arr({ type: "object", properties: { fullUrl: str, resource: ref("FhirConsent"), search: { type: "object", properties: { mode: str } } } }),
      },
      ["type", "total", "link"],
    ),
    FhirDocumentReference: resource(
      "DocumentReference",
      {
        identifier: arr(identifier),
        status: { type: "string", enum: ["current", "superseded", "entered-in-error"] },
        docStatus: str,
        type: codeable,
        subject: ref("FhirReference"),
        date: str,
        author: arr(ref("FhirReference")),
        authenticator: ref("FhirReference"),
        description: str,
        content: arr({
          type: "object",
          required: ["attachment"],
          properties: {
            attachment: {
              type: "object",
              properties: { contentType: str, language: str, url: str, size: { type: "integer", minimum: 0 }, hash: str, title: str, creation: str },
            },
          },
        }),
        context: { type: "object", properties: { period, related: arr(ref("FhirReference")) } },
      },
      ["status", "content"],
    ),
    FhirCapabilityStatement: resource("CapabilityStatement", { status: str, kind: str, fhirVersion: { const: "4.0.1" }, format: arr(str), rest: arr({ type: "object" }) }, [
      "status",
      "kind",
      "fhirVersion",
      "format",
    ]),
    OperationOutcome: resource(
      "OperationOutcome",
      {
        issue: arr({
          type: "object",
          required: ["severity", "code"],
          properties: { severity: { type: "string", enum: ["fatal", "error", "warning", "information"] }, code: str, details: codeable, diagnostics: str, expression: arr(str) },
        }),
      },
      ["issue"],
    ),
  };
}
