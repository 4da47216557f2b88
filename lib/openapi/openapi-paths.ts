// The /v1 operations of the OpenAPI document. Each operation's "Scope:" line is added from
// lib/contract/endpoints.ts by the document (openapi-document.ts), never written here.
import { listConsentsQuerySchema } from "@/lib/consents/consent-schemas";
import { EXAMPLES } from "@/lib/openapi/examples";
import { BODY_ERRORS, body, errors, idempotencyKey, idParam, kodParam, ok, rateHeaders, requestSchema, type Json } from "@/lib/openapi/openapi-parts";

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

/** decisions §22: the recording of one language's text. */
function readAloudPaths(): Json {
  const dilParam = { name: "dil", in: "path", required: true, schema: { type: "string", enum: ["tr", "en", "ar", "de", "ru", "fr"] }, example: "tr" };
  const contentHash = {
    name: "content_hash",
    in: "query",
    required: false,
    description: "the text the recording is of: the published text's content hash (the default) or the draft's; any other is 409 `invalid_state`",
    schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
  };
  const binary = { type: "string", format: "binary" };
  const audio = { "audio/mpeg": { schema: binary }, "audio/ogg": { schema: binary } };
  return {
    parameters: [kodParam, dilParam, contentHash],
    get: {
      operationId: "getTemplateAudio",
      tags: ["Templates"],
      summary: "The read-aloud recording of a language's text",
      description: "Answers `Range` requests (206 with `Content-Range`; `Accept-Ranges: bytes`). 404 when the text has no recording.",
      responses: {
        "200": { description: "The recording", headers: rateHeaders, content: audio },
        "206": { description: "The part of the recording asked for with `Range`", headers: rateHeaders, content: audio },
        ...errors(["forbidden_scope", "not_found", "invalid_state", "validation_failed"]),
      },
    },
    put: {
      operationId: "putTemplateAudio",
      tags: ["Templates"],
      summary: "Upload (or replace) the read-aloud recording of a language's text",
      description:
        "decisions §22. The body is the recording, `audio/mpeg` (MP3) or `audio/ogg` (Vorbis or Opus), at most 10 MiB. " +
        "It is bound to the content hash of that language's published text (`content_hashes[dil]`; the draft's with `content_hash`): " +
        "every version with the same text offers it (a formal re-publish keeps it), a changed text has none until one is uploaded. " +
        "Another declared type, or bytes that are not the declared audio (checked by their content, whatever the header says), are 415 `unsupported_media_type`; " +
        "a larger body 413 `payload_too_large` (counted as it arrives). The signing page offers the recording beside the text; listening is recorded as `metin_dinlendi`.",
      requestBody: { required: true, content: audio },
      responses: {
        "200": ok("The stored recording", "TemplateAudio"),
        ...errors(["payload_too_large", "unsupported_media_type", "forbidden_scope", "not_found", "invalid_state", "validation_failed"]),
      },
    },
    delete: {
      operationId: "deleteTemplateAudio",
      tags: ["Templates"],
      summary: "Remove the read-aloud recording of a language's text",
      responses: { "204": { description: "Removed", headers: rateHeaders }, ...errors(["forbidden_scope", "not_found", "invalid_state", "validation_failed"]) },
    },
  };
}

export function paths(): Json {
  const consentOps = (alias: boolean): Json => ({
    operationId: alias ? "createConsentAlias" : "createConsent",
    tags: ["Consents"],
    summary: alias ? "Create a consent (alias of POST /v1/consents)" : "Create a consent and send its signing link",
    description:
      "Creates a consent from the latest published version of `sablon_kod`. With `sms_gonder: true` (default) one quota unit is consumed in the same transaction and the link is sent by SMS; with `false` nothing is consumed and the response carries the link. Unknown fields are ignored.",
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
        description: "The first call for verifying an integration.",
        responses: { "200": ok("Tenant, key, quota, timestamping, sealing", "Me", EXAMPLES.me), ...errors([]) },
      },
    },
    "/v1/templates": {
      get: {
        operationId: "listTemplates",
        tags: ["Templates"],
        summary: "List templates",
        description: "Each item describes the latest published version (the one new consents use).",
        responses: { "200": ok("Templates", "TemplateList"), ...errors(["forbidden_scope"]) },
      },
      post: {
        operationId: "createTemplate",
        tags: ["Templates"],
        summary: "Create a template (and publish version 1 with `yayimla: true`)",
        description:
          "`govde` is stored sanitized (scripts, event handlers, javascript: URLs, iframes, forms removed). A second POST with an existing `kod` is 409 `invalid_state`; use PUT.",
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
        responses: { "200": ok("The template detail", "TemplateDetail"), ...errors(["forbidden_scope", "not_found"]) },
      },
      put: {
        operationId: "updateTemplate",
        tags: ["Templates"],
        summary: "Edit the draft, or publish a new version with `yayimla: true`",
        description:
          "The POST fields minus `kod`, all optional. Without `yayimla` the published version in use stays unchanged. " +
          "decisions §22: a publish with `degisiklik: \"esasli\"` (material; the default is `bicimsel`) marks the completed consents of earlier versions `reconsent_required: true` in the background and sends `consent.reconsent_required` for each.",
        requestBody: body("UpdateTemplateRequest", { yayimla: true }),
        responses: { "200": ok("The template detail", "TemplateDetail"), ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "validation_failed"]) },
      },
    },
    "/v1/templates/{kod}/audio/{dil}": readAloudPaths(),
    "/v1/consents": {
      get: {
        operationId: "listConsents",
        tags: ["Consents"],
        summary: "List consents, newest first",
        description: "`count` is the total number of matches. Polling alternative to webhooks: `status=completed&from=YYYY-MM-DD`.",
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
        description:
          "Another tenant's id answers 404 like an unknown one. A consent read in the moment between its last signature and its document (produced off the signature's request) is answered once the document exists, after at most 5 s; " +
          "a consent whose document is still not there (its production failed and is retried) reads `completed` with `document: null`.",
        responses: { "200": ok("The consent", "Consent", EXAMPLES.consent), ...errors(["forbidden_scope", "not_found"]) },
      },
    },
    "/v1/consents/{id}/events": {
      parameters: [idParam],
      get: {
        operationId: "getConsentEvents",
        tags: ["Consents"],
        summary: "Hash-chained evidence records and the service's own chain verdict",
        description:
          "Each `hash` is the SHA-256 of the RFC 8785 canonical JSON of the record without `hash`; anyone can recompute the chain. Read in the moment between the last signature and the document, it waits for the document's record (`belge_olusturuldu`), at most 5 s.",
        responses: { "200": ok("Events and chain verdict", "ConsentEvents"), ...errors(["forbidden_scope", "not_found", "purged"]) },
      },
    },
    "/v1/consents/{id}/resend": {
      parameters: [idParam],
      post: {
        operationId: "resendConsent",
        tags: ["Consents"],
        summary: "Send the same short link by SMS again (one quota unit)",
        description: "409 on a signed, cancelled or expired consent. Body optional.",
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
        description: "409 `invalid_state` on a consent that is not `sent`, or `signed` awaiting the physician's countersignature (decisions §19).",
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
          "`POST /v1/verify` still matches and reports the status. Shortly after, a sealed withdrawal receipt (\"Geri Çekme Tutanağı\", event " +
          "`geri_alma_tutanagi`) appears at `withdrawal_receipt.pdf_url`. 409 `invalid_state` unless the consent is `completed`; 410 `purged` for a " +
          "`kurum` record already purged.",
        parameters: [idempotencyKey],
        requestBody: body("WithdrawConsentRequest", { reason: "Hasta tedaviden vazgeçti" }, false),
        responses: {
          "200": ok("The consent, now `withdrawn`", "Consent"),
          ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "invalid_state", "purged", "idempotency_conflict", "validation_failed"]),
        },
      },
    },
    "/v1/consents/{id}/countersign": {
      parameters: [idParam],
      post: {
        operationId: "countersignConsent",
        tags: ["Consents"],
        summary: "Record the informing physician's countersignature (decisions §19)",
        description:
          "For a consent whose person signed and which needs the physician's countersignature (status `signed`, `Hekim onayı bekleniyor`), for integrators whose hospital system already authenticated the physician. " +
          "Event `hekim_imzaladi` and the status `completed`; the document is then produced with every signature, sealed and timestamped, off this request, and `consent.completed` is sent after it and its first timestamp cycle. " +
          "`bilgilendirme_zamani` is not in the future, not after `signed_at` and not more than 30 days before `created_at`; `imza` a drawn PNG of at most 256 KiB: each violation 422 naming the field. " +
          "Instead of `imza` the physician may type their name: `yazili_imza` (1–200 printable characters; exactly one of the two, else 422 naming `imza` or `yazili_imza`): event `hekim_imzaladi` `imza_turu` `yazili` (`cizim` for a drawing; the panel also records `kayitli` when the physician used the signature saved in their account) " +
          "and `physician_countersign.signature_type` `typed` (`drawn`, `saved`, `qualified`); the PDF prints the typed name marked \"yazılarak imzalandı\". " +
          "409 `invalid_state` on any status but `signed` (two countersignatures at once: one wins, the other is 409). " +
          "Where the physician signs with a qualified certificate (`hekim_imza_turu` `nitelikli`, decisions §24) a drawn `imza` is 422 naming `imza`; the body is then " +
          "`{ prepare_id, imza_degeri }` after `POST /v1/consents/{id}/countersign/prepare`: the signature value (base64) over its `signed_attributes`. A value the certificate's key did not make is 422 naming `imza_degeri`; " +
          "a certificate that does not chain to `QUALIFIED_TRUST_ANCHORS`, lacks `nonRepudiation`, is not valid now or is not `good` at its OCSP responder (or none answers) is 422 naming `sertifika` with the reason; " +
          "an unknown, used or expired `prepare_id` is 409 `invalid_state`.",
        parameters: [idempotencyKey],
        requestBody: body("CountersignRequest", { hekim_ad: "Dr. Şule Işık", hekim_tescil_no: "123456", bilgilendirme_zamani: "2026-11-22 09:40:00", imza: "data:image/png;base64,iVBORw0KGgo…" }),
        responses: {
          "200": ok("The consent, now `completed`; its `document` is null here, produced a moment later (`GET /v1/consents/{id}` waits for it)", "Consent"),
          ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "invalid_state", "idempotency_conflict", "validation_failed"]),
        },
      },
    },
    "/v1/consents/{id}/countersign/prepare": {
      parameters: [idParam],
      post: {
        operationId: "prepareQualifiedCountersign",
        tags: ["Consents"],
        summary: "Prepare the physician's qualified countersignature (decisions §24)",
        description:
          "On a `signed` consent whose physician signs with a qualified certificate (`hekim_imza_turu` `nitelikli`): renders the final document (the physician's block reads " +
          "\"Nitelikli elektronik imza ile imzalanmıştır\" with the certificate's subject and serial), reserves the physician's PAdES signature field and answers the CMS signed " +
          "attributes to sign. `sertifika` is the physician's certificate (base64 DER), `zincir` its issuers. Valid 10 minutes, used once: send the signature value to " +
          "`POST /v1/consents/{id}/countersign` as `{ prepare_id, imza_degeri }`. 409 `invalid_state` on any status but `signed`, or on a consent countersigned by drawing.",
        parameters: [idempotencyKey],
        requestBody: body("QualifiedCountersignPrepareRequest", { hekim_ad: "Dr. Şule Işık", hekim_tescil_no: "123456", bilgilendirme_zamani: "2026-11-22 09:40:00", sertifika: "MIIF…", zincir: ["MIIG…"] }),
        responses: {
          "200": ok("The signed attributes to sign, and the prepare_id to send them back with", "QualifiedCountersignPrepared"),
          ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "invalid_state", "idempotency_conflict", "validation_failed"]),
        },
      },
    },
    "/v1/consents/{id}/refusal": {
      parameters: [idParam],
      post: {
        operationId: "recordRefusal",
        tags: ["Consents"],
        summary: "Put on record that the person refused, in person, to sign (decisions §19)",
        description:
          "On a `sent` consent: status `rejected` with `reject_reason`, event `ret_tutanagi`, webhook `consent.rejected`, and a sealed \"Ret Tutanağı\" document (the text shown, the reason, the witness and their signature when drawn, the informing physician, who drew it up) at `document.pdf_url` like any other. " +
          "`reason` and `tanik_ad` (the witness) are required; `kaydeden`, `hekim_ad` and `tanik_imza` are optional, and the event's data adds `kaydeden`, `hekim_ad` and `tanik_imza_sha256` (decisions §25). 409 `invalid_state` on any status but `sent`.",
        parameters: [idempotencyKey],
        requestBody: body("RefusalRequest", { reason: "Hasta imzalamayı reddetti; işlem anlatıldı.", tanik_ad: "Hemşire Elif Demir" }),
        responses: {
          "200": ok("The consent, now `rejected` (its Ret Tutanağı produced)", "Consent"),
          ...errors([...BODY_ERRORS, "forbidden_scope", "not_found", "invalid_state", "idempotency_conflict", "validation_failed"]),
        },
      },
    },
    "/v1/consents/{id}/reconsent": {
      parameters: [idParam],
      post: {
        operationId: "reconsentConsent",
        tags: ["Consents"],
        summary: "Re-consent: the same person on the template's current version (decisions §22)",
        description:
          "For a `completed` consent (typically one with `reconsent_required: true` after a material change): a new consent on the template's current published version with the same person fields, approver, references, language and variable values (`degiskenler` adds or overrides values), `previous_id` set; the old one shows `replaced_by` and the event `yeniden_onam_olusturuldu`. " +
          "When the new consent completes, the old one becomes `superseded` (`Yenilendi`), event `yenilendi`, webhook `consent.superseded`. Quota, SMS and `Idempotency-Key` as for a create. " +
          "409 `invalid_state` for a consent that is not `completed` (never completed, withdrawn, superseded), for one whose re-consent already exists and has not ended unsigned (two calls at once: one creates, the other is 409), when no newer version is published, and while the consent's own completion is not over (`consent.completed` not sent yet); 410 `purged` for a purged `kurum` record.",
        parameters: [idempotencyKey],
        requestBody: body("ReconsentRequest", { sms_gonder: true }, false),
        responses: {
          "201": ok("The new consent (`previous_id` names the renewed one)", "Consent"),
          ...errors([
            ...BODY_ERRORS, "quota_exhausted", "license_expired", "forbidden_scope", "not_found", "invalid_state", "purged", "idempotency_conflict",
            "missing_variables", "validation_failed", "template_unavailable",
          ]),
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
          "`ok: false` with the reason when the attempt failed; on a consent that already has a timestamp, `ok: true` and nothing changes; 409 on a consent without a document.",
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
        summary: "Does a SHA-256 digest match the document recorded under an id (or any document, without one)?",
        description:
          "Any valid key may verify any tenant's document. On a mismatch nothing about the recorded digest is revealed. A known consent that has no document (it was not signed) answers match: false with its status and signed_at null; only an unknown id is 404. Without `id`, the digest alone finds its document (decisions §23): the answer names the consent's id, and a digest no document has is 404. The same check is open without credentials at POST /api/public/verify (rate limited per IP). " +
          "`seal` reports the PAdES seal of the document on record (decisions §14). A document stored unsealed and sealed later (events `muhur_basarisiz`, `belge_muhurlendi`) gets a new digest; a copy of the earlier, unsealed file still matches. " +
          "A withdrawn consent's sealed withdrawal receipt (`withdrawal_receipt.sha256`, decisions §18) verifies the same way, by `{ id, sha256 }` or by its digest alone: match true with `kind: \"withdrawal_receipt\"` (the consent's status, signed_at, institution and timestamp; the receipt's own seal and signatures), where the document answers `kind: \"document\"`.",
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
