// The OpenAPI 3.1 document of the /v1 API, generated from the same zod schemas the handlers parse
// requests with (lib/**/…-schemas.ts) and from the response schemas in ./response-schemas.ts.
import { z } from "zod";
import { env } from "@/lib/env";
import { ERROR_CODES, statusOf, titleOf, type ErrorCode } from "@/lib/api/errors";
import { cancelConsentSchema, createConsentSchema, listConsentsQuerySchema, withdrawConsentSchema } from "@/lib/consents/consent-schemas";
import { createTemplateSchema, updateTemplateSchema } from "@/lib/templates/template-schemas";
import { verifySchema } from "@/lib/verification/verify-document";
import { TEST_EVENT, WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import * as R from "@/lib/openapi/response-schemas";
import { EXAMPLES } from "@/lib/openapi/examples";

type Json = Record<string, unknown>;

const problem = z
  .object({
    type: z.string().meta({ format: "uri", description: "{base_url}/errors/<code>" }),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).meta({ description: "stable and machine-readable (decisions §2)" }),
    detail: z.string().meta({ description: "human readable, Turkish" }),
    errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: "field → messages, on 422 errors" }),
    head: z.string().nullable().optional().meta({ description: "410 purged: the chain head (last event hash)" }),
    count: z.number().int().optional().meta({ description: "410 purged: the number of events" }),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details (Content-Type: application/problem+json)" });

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Rules the zod refinements check, which JSON Schema cannot carry: said in words on each field. */
const FIELD_NOTES: Record<string, string> = {
  sablon_kod: "code of a published, active template of the tenant",
  adsoyad: "the person's full name, at least 3 characters",
  telefon: "Turkish mobile number in any common format (0532 123 45 67, +90 532…, 0090…, 532…); stored as E.164",
  tc: "T.C. kimlik no: 11 digits with a valid checksum (e.g. 10000000146); optional",
  dogum_tarih: "date of birth, YYYY-MM-DD",
  hekim: "physician, shown in the document (max 200)",
  islem: "procedure (max 200)",
  dis_ref: "the caller's reference, returned as external_ref; recommended for matching webhooks",
  dis_hasta_id: "the caller's patient id, returned and filterable as external_patient_id",
  onaylayan_tip: "who approves: the patient (hasta), a parent (veli), a guardian (vasi) or an animal's owner (sahip)",
  onaylayan_ad: "approver's name, when the approver is not the patient (optional)",
  yakinlik: "the approver's relation to the patient",
  hayvan_ad: "animal's name (veterinary consents)",
  hayvan_tur: "animal's species",
  gecerlilik_saat: "validity of the link in hours, 1–720; default the institution's setting",
  sms_gonder: "false: no SMS is sent, no quota is used, and the response carries the link",
  degiskenler: "template variable name → value; every required variable must be given (422 missing_variables)",
  kod: "template code: starts with a letter or digit; letters, digits, - and _; at most 64",
  baslik: "title",
  kategori: "category",
  govde: "HTML body with {placeholders}; stored sanitized",
  yayimla: "true publishes a new immutable version",
  tur: "template kind",
  aktif: "inactive templates cannot be used for new consents",
  islak_imza: "wet signature required",
  reason: "reason for the cancellation or the withdrawal (max 500)",
  id: "document (consent) id",
  sha256: "SHA-256 of the PDF you hold, 64 hex characters",
};

/** A request schema as JSON Schema, as callers write it (before transforms and defaults). */
function requestSchema(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete out.$schema;
  const props = (out.properties ?? {}) as Record<string, Json>;
  for (const [name, prop] of Object.entries(props)) {
    if (FIELD_NOTES[name] && prop.description === undefined) prop.description = FIELD_NOTES[name];
  }
  return out;
}

function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  const all: [string, z.ZodType][] = [
    ["Problem", problem],
    ["Me", R.meResponse],
    ["TemplateVariable", R.templateVariable],
    ["TemplateListItem", R.templateListItem],
    ["TemplateDetail", R.templateDetail],
    ["TemplateList", R.templateList],
    ["ConsentTimestamp", R.consentObject.shape.timestamp],
    ["Consent", R.consentObject],
    ["ConsentList", R.consentList],
    ["EvidenceRecord", R.evidenceRecord],
    ["ConsentEvents", R.consentEvents],
    ["TimestampRetry", R.timestampRetry],
    ["VerifyResult", R.verifyResult],
    ["WebhookPayload", R.webhookBody],
    ["WebhookTestPayload", R.webhookTestBody],
  ];
  for (const [id, s] of all) registry.add(s, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, target: "draft-2020-12" }) as {
    schemas: Record<string, Json>;
  };
  for (const s of Object.values(schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return {
    ...schemas,
    CreateConsentRequest: requestSchema(createConsentSchema),
    CreateTemplateRequest: requestSchema(createTemplateSchema),
    UpdateTemplateRequest: requestSchema(updateTemplateSchema),
    CancelConsentRequest: requestSchema(cancelConsentSchema),
    WithdrawConsentRequest: requestSchema(withdrawConsentSchema),
    VerifyRequest: requestSchema(verifySchema),
  };
}

const rateHeaders = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
  "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
};

function ok(description: string, schemaId: string, example?: unknown): Json {
  return {
    description,
    headers: rateHeaders,
    content: { "application/json": { schema: ref(schemaId), ...(example !== undefined ? { example } : {}) } },
  };
}

/** Every /v1 call can meet these. */
const COMMON: ErrorCode[] = ["unauthorized", "method_not_allowed", "rate_limited", "internal", "service_unavailable"];

function problemExample(code: ErrorCode): Json {
  return {
    type: `{base_url}/errors/${code}`,
    title: titleOf(code),
    status: statusOf(code),
    code,
    detail: "…",
    ...(code === "validation_failed" ? { errors: { adsoyad: ["en az 3 karakter olmalı"] } } : {}),
    ...(code === "missing_variables" ? { errors: { dis_no: ["zorunlu değişken eksik"] } } : {}),
    ...(code === "purged" ? { head: "9f2c…", count: 7 } : {}),
  };
}

/** Problem responses grouped by status, one named example per code. */
function errors(codes: ErrorCode[], common = COMMON): Json {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of [...codes, ...common]) {
    const list = byStatus.get(statusOf(c)) ?? [];
    if (!list.includes(c)) list.push(c);
    byStatus.set(statusOf(c), list);
  }
  const out: Json = {};
  for (const [status, list] of [...byStatus.entries()].sort((a, b) => a[0] - b[0])) {
    const headers: Json = { ...rateHeaders };
    if (status === 401) headers["WWW-Authenticate"] = { description: 'Basic realm="api"', schema: { type: "string" } };
    if (status === 429) headers["Retry-After"] = { description: "seconds until the window resets", schema: { type: "integer" } };
    if (status === 405) headers.Allow = { description: "the methods the path supports", schema: { type: "string" } };
    out[String(status)] = {
      description: list.map((c) => `\`${c}\``).join(", "),
      headers,
      content: {
        "application/problem+json": {
          schema: ref("Problem"),
          examples: Object.fromEntries(list.map((c) => [c, { value: problemExample(c) }])),
        },
      },
    };
  }
  return out;
}

const BODY_ERRORS: ErrorCode[] = ["bad_request", "payload_too_large", "unsupported_media_type"];

function body(schemaId: string, example?: unknown, required = true): Json {
  return { required, content: { "application/json": { schema: ref(schemaId), ...(example !== undefined ? { example } : {}) } } };
}

const idempotencyKey = { $ref: "#/components/parameters/Idempotency-Key" };
const idParam = { name: "id", in: "path", required: true, schema: { type: "string" }, example: "ons_261122_k3j9x0q2m7ab" };
const kodParam = { name: "kod", in: "path", required: true, schema: { type: "string" }, example: "genel-tibbi-mudahale" };

function scope(s: string | null): string {
  return s ? `\n\nScope: \`${s}\`.` : "\n\nAny valid key.";
}

function listParameters(): Json[] {
  const q = requestSchema(listConsentsQuerySchema) as { properties: Record<string, Json> };
  const describe: Record<string, string> = {
    status: "effective status (a `sent` consent past `expires_at` counts as `expired`)",
    external_ref: "the caller's `dis_ref`",
    external_patient_id: "the caller's `dis_hasta_id`",
    tc: "national id, matched by its digest",
    from: "created on or after this day (YYYY-MM-DD, service time zone)",
    to: "created on or before this day (YYYY-MM-DD)",
    limit: "1–200, default 50",
    offset: "0 or more, default 0",
  };
  return Object.entries(q.properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    description: describe[name],
    schema: name === "limit" || name === "offset" ? { type: "integer", minimum: name === "limit" ? 1 : 0, ...(name === "limit" ? { maximum: 200 } : {}) } : schema,
  }));
}

function paths(): Json {
  const consentOps = (alias: boolean): Json => ({
    operationId: alias ? "createConsentAlias" : "createConsent",
    tags: ["Consents"],
    summary: alias ? "Create a consent (alias of POST /v1/consents)" : "Create a consent and send its signing link",
    description:
      "Creates a consent from the latest published version of `sablon_kod`. With `sms_gonder: true` (default) one quota unit is consumed in the same transaction and the link is sent by SMS; with `false` nothing is consumed and the response carries the link. Unknown fields are ignored." +
      scope("onam:yaz"),
    parameters: [idempotencyKey],
    requestBody: body("CreateConsentRequest", EXAMPLES.createConsent),
    responses: {
      "201": ok("The consent, status `sent`", "Consent", EXAMPLES.consent),
      ...errors([...BODY_ERRORS, "quota_exhausted", "license_expired", "forbidden_scope", "idempotency_conflict", "missing_variables", "validation_failed", "template_unavailable"]),
    },
  });
  return {
    "/v1/me": {
      get: {
        operationId: "getMe",
        tags: ["Account"],
        summary: "The tenant, key, quota, timestamping and sealing behind the calling key",
        description: "The first call for verifying an integration." + scope(null),
        responses: { "200": ok("Tenant, key, quota, timestamping, sealing", "Me", EXAMPLES.me), ...errors([]) },
      },
    },
    "/v1/templates": {
      get: {
        operationId: "listTemplates",
        tags: ["Templates"],
        summary: "List templates",
        description: "Each item describes the latest published version (the one new consents use)." + scope("sablon:oku"),
        responses: { "200": ok("Templates", "TemplateList"), ...errors(["forbidden_scope"]) },
      },
      post: {
        operationId: "createTemplate",
        tags: ["Templates"],
        summary: "Create a template (and publish version 1 with `yayimla: true`)",
        description:
          "`govde` is stored sanitized (scripts, event handlers, javascript: URLs, iframes, forms removed). A second POST with an existing `kod` is 409 `invalid_state`; use PUT." +
          scope("sablon:yaz"),
        parameters: [idempotencyKey],
        requestBody: body("CreateTemplateRequest", EXAMPLES.createTemplate),
        responses: {
          "201": ok("The template detail", "TemplateDetail"),
          ...errors([...BODY_ERRORS, "forbidden_scope", "invalid_state", "idempotency_conflict", "validation_failed"]),
        },
      },
    },
    "/v1/templates/{kod}": {
      parameters: [kodParam],
      get: {
        operationId: "getTemplate",
        tags: ["Templates"],
        summary: "Template detail with variables and body",
        description: scope("sablon:oku").trim(),
        responses: { "200": ok("The template detail", "TemplateDetail"), ...errors(["forbidden_scope", "not_found"]) },
      },
      put: {
        operationId: "updateTemplate",
        tags: ["Templates"],
        summary: "Edit the draft, or publish a new version with `yayimla: true`",
        description: "The POST fields minus `kod`, all optional. Without `yayimla` the published version in use stays unchanged." + scope("sablon:yaz"),
        requestBody: body("UpdateTemplateRequest", { yayimla: true }),
        responses: { "200": ok("The template detail", "TemplateDetail"), ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "validation_failed"]) },
      },
    },
    "/v1/consents": {
      get: {
        operationId: "listConsents",
        tags: ["Consents"],
        summary: "List consents, newest first",
        description: "`count` is the total number of matches. Polling alternative to webhooks: `status=completed&from=YYYY-MM-DD`." + scope("onam:oku"),
        parameters: listParameters(),
        responses: { "200": ok("A page of consents", "ConsentList"), ...errors(["forbidden_scope", "validation_failed"]) },
      },
      post: consentOps(false),
    },
    "/v1/consent/create": { post: consentOps(true) },
    "/v1/consents/{id}": {
      parameters: [idParam],
      get: {
        operationId: "getConsent",
        tags: ["Consents"],
        summary: "The current consent; fresh download links on each call",
        description: "Another tenant's id answers 404 like an unknown one." + scope("onam:oku"),
        responses: { "200": ok("The consent", "Consent", EXAMPLES.consent), ...errors(["forbidden_scope", "not_found"]) },
      },
    },
    "/v1/consents/{id}/events": {
      parameters: [idParam],
      get: {
        operationId: "getConsentEvents",
        tags: ["Consents"],
        summary: "Hash-chained evidence records and the service's own chain verdict",
        description: "Each `hash` is the SHA-256 of the RFC 8785 canonical JSON of the record without `hash`; anyone can recompute the chain." + scope("onam:oku"),
        responses: { "200": ok("Events and chain verdict", "ConsentEvents"), ...errors(["forbidden_scope", "not_found", "purged"]) },
      },
    },
    "/v1/consents/{id}/resend": {
      parameters: [idParam],
      post: {
        operationId: "resendConsent",
        tags: ["Consents"],
        summary: "Send the same short link by SMS again (one quota unit)",
        description: "409 on a signed, cancelled or expired consent. Body optional." + scope("onam:yaz"),
        parameters: [idempotencyKey],
        responses: {
          "200": ok("The consent", "Consent"),
          ...errors([...BODY_ERRORS, "quota_exhausted", "license_expired", "forbidden_scope", "not_found", "invalid_state", "idempotency_conflict"]),
        },
      },
    },
    "/v1/consents/{id}/cancel": {
      parameters: [idParam],
      post: {
        operationId: "cancelConsent",
        tags: ["Consents"],
        summary: "Cancel an open consent",
        description: "409 `invalid_state` on a consent that is not `sent`." + scope("onam:yaz"),
        parameters: [idempotencyKey],
        requestBody: body("CancelConsentRequest", { reason: "Hasta randevuyu iptal etti" }, false),
        responses: {
          "200": ok("The consent, now `cancelled`", "Consent"),
          ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "invalid_state", "idempotency_conflict", "validation_failed"]),
        },
      },
    },
    "/v1/consents/{id}/withdraw": {
      parameters: [idParam],
      post: {
        operationId: "withdrawConsent",
        tags: ["Consents"],
        summary: "Record that the person withdrew a signed consent",
        description:
          "Status `withdrawn` (`Geri alındı`), event `geri_alindi`, webhook `consent.withdrawn`. The document, its timestamp and the evidence stay; " +
          "`POST /v1/verify` still matches and reports the status. 409 `invalid_state` unless the consent is `completed`; 410 `purged` for a " +
          "`kurum` record already purged." +
          scope("onam:yaz"),
        parameters: [idempotencyKey],
        requestBody: body("WithdrawConsentRequest", { reason: "Hasta tedaviden vazgeçti" }, false),
        responses: {
          "200": ok("The consent, now `withdrawn`", "Consent"),
          ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "invalid_state", "purged", "idempotency_conflict", "validation_failed"]),
        },
      },
    },
    "/v1/consents/{id}/timestamp": {
      parameters: [idParam],
      post: {
        operationId: "retryTimestamp",
        tags: ["Consents"],
        summary: "Retry timestamping the document at once",
        description:
          "`ok: false` with the reason when the attempt failed; on a consent that already has a timestamp, `ok: true` and nothing changes; 409 on a consent without a document." +
          scope("onam:yaz"),
        parameters: [idempotencyKey],
        responses: {
          "200": ok("Outcome and the consent", "TimestampRetry"),
          ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "invalid_state", "idempotency_conflict"]),
        },
      },
    },
    "/v1/verify": {
      post: {
        operationId: "verifyDocument",
        tags: ["Verification"],
        summary: "Does a SHA-256 digest match the document recorded under an id?",
        description:
          "Any valid key may verify any tenant's document. On a mismatch nothing about the recorded digest is revealed. A known consent that has no document (it was not signed) answers match: false with its status and signed_at null; only an unknown id is 404. The same check is open without credentials at POST /api/public/verify (rate limited per IP). " +
          "`seal` reports the PAdES seal of the document on record (decisions §14). A document stored unsealed and sealed later (events `muhur_basarisiz`, `belge_muhurlendi`) gets a new digest; a copy of the earlier, unsealed file still matches." +
          scope(null),
        parameters: [idempotencyKey],
        requestBody: body("VerifyRequest", { id: "ons_261122_k3j9x0q2m7ab", sha256: "3b4c…(64 hex)" }),
        responses: { "200": ok("Verdict", "VerifyResult"), ...errors([...BODY_ERRORS, "not_found", "validation_failed", "idempotency_conflict"]) },
      },
    },
    "/v1/openapi.json": {
      get: {
        operationId: "getOpenApi",
        tags: ["Documentation"],
        summary: "This document (no credentials needed)",
        security: [],
        responses: { "200": { description: "OpenAPI 3.1 document", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  };
}

const webhookHeaders = (event: string) => [
  { name: "X-Service-Event", in: "header", required: true, schema: { type: "string", enum: [event] }, description: "event kind" },
  {
    name: "X-Service-Delivery",
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^[0-9]+$" },
    description: "numeric delivery id, the same across retries and manual resends; also `delivery_id` in the body",
  },
  { name: "X-Service-Timestamp", in: "header", required: true, schema: { type: "string", pattern: "^[0-9]+$" }, description: "Unix seconds of this attempt (signed afresh per attempt)" },
  {
    name: "X-Service-Signature",
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^sha256=[0-9a-f]{64}(,sha256=[0-9a-f]{64})*$" },
    description:
      '`sha256=` + hex HMAC-SHA256(signing secret, X-Service-Timestamp + "." + raw body). During a secret rotation two, comma-separated, the new one first; accept when any matches. Reject timestamps more than 300 s from your clock.',
  },
];

const WEBHOOK_TEXT: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "consent.completed": "The person signed, the document exists and the first timestamp attempt cycle ended (`data.timestamp.status` says which).",
  "consent.rejected": "The person declined (after verifying an OTP code).",
  "consent.expired": "`expires_at` passed without an answer.",
  "consent.cancelled": "The institution cancelled (not subscribed by default).",
  "consent.withdrawn": "The person withdrew a signed consent, through the API, the panel or the signing link (not subscribed by default; decisions §18).",
};

const RETRIES =
  " Sent to the tenant's https endpoint. A 2xx answer is success; anything else, a timeout (10 s) or a redirect is retried: immediately, 1 m, 5 m, 15 m, 1 h, 6 h, 24 h. De-duplicate on `delivery_id`; order by `created_at`.";

function webhook(event: string, description: string, payload: string, example: Json): Json {
  return {
    post: {
      operationId: `webhook_${event.replace(".", "_")}`,
      tags: ["Webhooks"],
      summary: event,
      description,
      security: [],
      parameters: webhookHeaders(event),
      requestBody: { required: true, content: { "application/json": { schema: ref(payload), example } } },
      responses: { "200": { description: "Any 2xx acknowledges the delivery" }, default: { description: "Anything else is retried" } },
    },
  };
}

function webhooks(): Json {
  const created_at = "2026-11-22T14:03:09+03:00";
  return {
    ...Object.fromEntries(
      WEBHOOK_EVENTS.map((event) => [event, webhook(event, WEBHOOK_TEXT[event] + RETRIES, "WebhookPayload", { delivery_id: 42, event, created_at, data: EXAMPLES.consent })]),
    ),
    [TEST_EVENT]: webhook(
      TEST_EVENT,
      "Sent only when asked for (panel: Webhooks → send test event; `npm run admin -- webhook test`), signed like the others. One attempt, never retried, and not an event to subscribe to; answer it with a 2xx like any delivery.",
      "WebhookTestPayload",
      { delivery_id: 43, event: TEST_EVENT, created_at, data: { test: true, tenant: { code: "demo", name: "Demo Klinik" } } },
    ),
  };
}

export function buildOpenApiDocument(): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "e-Onam API",
      version: "1",
      description:
        "Electronic informed consent for clinics: templates, consents signed by SMS link, PDF documents with SHA-256 digests, RFC 3161 timestamps, hash-chained evidence and signed webhooks. Errors are RFC 9457 problem+json with a stable `code`. Every /v1 response carries RateLimit-Limit/-Remaining/-Reset (per key, default 120 requests per minute) and X-Request-Id. POST endpoints accept an Idempotency-Key (24 hours).",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: env().APP_URL }],
    security: [{ basicAuth: [] }],
    tags: [
      { name: "Account" },
      { name: "Templates" },
      { name: "Consents" },
      { name: "Verification" },
      { name: "Webhooks", description: "Requests the service sends to the tenant's endpoint" },
      { name: "Documentation" },
    ],
    paths: paths(),
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        basicAuth: { type: "http", scheme: "basic", description: "User name: the API key id (ak_…); password: the secret (sk_…), shown once." },
      },
      parameters: {
        "Idempotency-Key": {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          schema: { type: "string", minLength: 1, maxLength: 255 },
          description:
            "For 24 hours the same key from the same API key with the same body returns the first response again (header Idempotent-Replayed: true) and creates nothing; with a different body 409 idempotency_conflict.",
        },
      },
      headers: {
        "RateLimit-Limit": { description: "requests allowed per window", schema: { type: "integer" } },
        "RateLimit-Remaining": { description: "requests left in the window", schema: { type: "integer" } },
        "RateLimit-Reset": { description: "seconds until the window resets", schema: { type: "integer" } },
        "X-Request-Id": { description: "the request id (echoed when the caller sent a valid one)", schema: { type: "string" } },
      },
      schemas: componentSchemas(),
    },
  };
}

let cached: Json | undefined;
export function openApiDocument(): Json {
  return (cached ??= buildOpenApiDocument());
}
