// The OpenAPI 3.1 document of the /v1 API, generated from the same zod schemas the handlers parse
// requests with (lib/**/…-schemas.ts), the response shapes in lib/contract/response-shapes.ts and the
// endpoint table (lib/contract/endpoints.ts) the routes take their scopes from.
import { z } from "zod";
import { env } from "@/lib/env";
import { ENDPOINTS, type EndpointName } from "@/lib/contract/endpoints";
import { cancelConsentSchema, createConsentSchema, reconsentSchema, withdrawConsentSchema } from "@/lib/consents/consent-schemas";
import { createTemplateSchema, updateTemplateSchema } from "@/lib/templates/template-schemas";
import { verifySchema } from "@/lib/verifier/verify-document";
import * as R from "@/lib/contract/response-shapes";
import { countersignSchema } from "@/lib/consents/countersign-consent";
import { refusalSchema } from "@/lib/consents/record-refusal";
import { finishSchema, prepareSchema } from "@/lib/signing/qualified/qualified-countersign-schemas";
import { problem, requestSchema, type Json } from "@/lib/openapi/openapi-parts";
import { paths } from "@/lib/openapi/openapi-paths";
import { webhooks } from "@/lib/openapi/openapi-webhooks";
import { fhirPaths, fhirSchemas } from "@/lib/openapi/openapi-fhir";
import { logPaths } from "@/lib/openapi/openapi-log";

function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  const all: [string, z.ZodType][] = [
    ["Problem", problem],
    ["Me", R.meResponse],
    ["TemplateVariable", R.templateVariable],
    ["TemplateListItem", R.templateListItem],
    ["TemplateDetail", R.templateDetail],
    ["TemplateList", R.templateList],
    ["TemplateAudio", R.templateAudio],
    ["ConsentTimestamp", R.consentObject.shape.timestamp],
    ["Consent", R.consentObject],
    ["ConsentList", R.consentList],
    ["EvidenceRecord", R.evidenceRecord],
    ["ConsentEvents", R.consentEvents],
    ["TimestampRetry", R.timestampRetry],
    ["QualifiedCountersignPrepared", R.qualifiedPrepared],
    ["VerifyResult", R.verifyResult],
    ["WebhookPayload", R.webhookBody],
    ["WebhookTestPayload", R.webhookTestBody],
    ["LogProof", R.logProof],
    ["LogConsistency", R.logConsistency],
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
    CountersignRequest: requestSchema(z.union([countersignSchema, finishSchema])),
    QualifiedCountersignPrepareRequest: requestSchema(prepareSchema),
    RefusalRequest: requestSchema(refusalSchema),
    ReconsentRequest: requestSchema(reconsentSchema),
    VerifyRequest: requestSchema(verifySchema),
  };
}

/**
 * Each /v1 operation's "Scope:" line, from the scope its route is given (ENDPOINTS). An operation
 * documented here but missing from the table (or the other way round) fails the build of the document.
 */
const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);

function withScopes(ops: Json): Json {
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(ops)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      // Public operations (this document, the FHIR CapabilityStatement) take no key.
      if (!HTTP_METHODS.has(method) || (Array.isArray(op.security) && op.security.length === 0)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (!(name in ENDPOINTS)) throw new Error(`OpenAPI: ${name} is not in lib/contract/endpoints.ts`);
      seen.add(name);
      const { scope } = ENDPOINTS[name as EndpointName];
      const line = scope ? `Scope: \`${scope}\`.` : "Any valid key.";
      op.description = op.description ? `${String(op.description)}\n\n${line}` : line;
    }
  }
  const undocumented = Object.keys(ENDPOINTS).filter((n) => !seen.has(n));
  if (undocumented.length) throw new Error(`OpenAPI: ${undocumented.join(", ")} undocumented`);
  return ops;
}

function buildOpenApiDocument(): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "e-Onam API",
      version: "1",
      description:
        "Electronic informed consent for clinics: templates, consents signed by SMS link, PDF documents with SHA-256 digests, RFC 3161 timestamps, hash-chained evidence and signed webhooks (also as Standard Webhooks). Errors are RFC 9457 problem+json with a stable `code`. Every /v1 response carries RateLimit-Limit/-Remaining/-Reset (per key, default 120 requests per minute) and X-Request-Id. POST endpoints accept an Idempotency-Key (24 hours). " +
        "The same keys read the consents as FHIR R4 resources under /fhir/r4 (application/fhir+json, errors as OperationOutcome).",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: env().APP_URL }],
    security: [{ basicAuth: [] }],
    tags: [
      { name: "Account" },
      { name: "Templates" },
      { name: "Consents" },
      { name: "Verification" },
      { name: "FHIR R4", description: "Consents and their documents as FHIR R4 resources (decisions §21): application/fhir+json, the /v1 keys with onam:oku, errors as OperationOutcome" },
      { name: "Transparency log", description: "The append-only Merkle log of every evidence record (decisions §20): public, no credentials" },
      { name: "Webhooks", description: "Requests the service sends to the tenant's endpoint" },
      { name: "Documentation" },
    ],
    paths: withScopes({ ...paths(), ...fhirPaths(), ...logPaths() }),
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
      schemas: { ...componentSchemas(), ...fhirSchemas() },
    },
  };
}

let cached: Json | undefined;
export function openApiDocument(): Json {
  return (cached ??= buildOpenApiDocument());
}
