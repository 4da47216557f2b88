// The building blocks of the OpenAPI document: request schemas with their field notes, success and
// problem responses with their headers, and the shared parameters.
import { z } from "zod";
import { ERROR_CODES, statusOf, titleOf, type ErrorCode } from "@/lib/errors";

export type Json = Record<string, unknown>;

export const problem = z
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

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

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
  hekim_imzasi: "decisions §19: the informing physician countersigns (POST /v1/consents/{id}/countersign or the panel) before the consent completes",
  tanik_ad: "decisions §19: the witness's name (on a consent: signs on the person's device after the person; on a refusal: required)",
  hekim_ad: "the physician's name (on a refusal, decisions §25: the physician who informed the person)",
  kaydeden: "decisions §25: the staff member who drew the refusal record up; without it the record names the institution and the API key",
  tanik_imza: "decisions §25: the witness's signature drawn on the clinic's tablet: data:image/png;base64,… (PNG)",
  hekim_tescil_no: "the physician's registration (diploma/tescil) number",
  bilgilendirme_zamani: "when the physician informed the person, YYYY-MM-DD HH:MM:SS in the service time zone: not after signed_at, not more than 30 days before created_at",
  imza: "the physician's drawn signature: data:image/png;base64,… (PNG, at most 256 KiB)",
  reason: "reason for the cancellation or the withdrawal (max 500)",
  id: "document (consent) id",
  sha256: "SHA-256 of the PDF you hold, 64 hex characters",
};

/** A request schema as JSON Schema, as callers write it (before transforms and defaults). */
export function requestSchema(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete out.$schema;
  const props = (out.properties ?? {}) as Record<string, Json>;
  for (const [name, prop] of Object.entries(props)) {
    if (FIELD_NOTES[name] && prop.description === undefined) prop.description = FIELD_NOTES[name];
  }
  return out;
}

export const rateHeaders = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
  "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
};

export function ok(description: string, schemaId: string, example?: unknown): Json {
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
export function errors(codes: ErrorCode[], common = COMMON): Json {
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

export const BODY_ERRORS: ErrorCode[] = ["bad_request", "payload_too_large", "unsupported_media_type"];

export function body(schemaId: string, example?: unknown, required = true): Json {
  return { required, content: { "application/json": { schema: ref(schemaId), ...(example !== undefined ? { example } : {}) } } };
}

export const idempotencyKey = { $ref: "#/components/parameters/Idempotency-Key" };
export const idParam = { name: "id", in: "path", required: true, schema: { type: "string" }, example: "ons_261122_k3j9x0q2m7ab" };
export const kodParam = { name: "kod", in: "path", required: true, schema: { type: "string" }, example: "genel-tibbi-mudahale" };
