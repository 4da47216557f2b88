// The response shapes of the /v1 API and its webhooks, each declared once, as a zod schema: the
// serializers' TypeScript types are derived from them (the exported types below), the OpenAPI
// document is generated from them, and tests/api/openapi.test.ts validates live responses against
// the JSON Schemas made from them.
import { z } from "zod";
import { LANGUAGES } from "@/lib/i18n/languages";
import { verifyMatchKind, withdrawalReceiptShape } from "@/lib/contract/withdrawal-receipt-shape";
import { APPROVER_TYPES, CONSENT_STATUSES, SCOPES, TEMPLATE_TYPES, TEST_EVENT, VARIABLE_TYPES, WEBHOOK_EVENTS, type EvidenceRecord } from "@/lib/contract/enums";

const SIGNATURE_TYPE_TEXT =
  "decisions §24: drawn (§19) or qualified (the physician's own qualified certificate: hekim_imza_turu nitelikli); issue #51: once signed, typed (the physician typed their name: yazili_imza) or saved (the signature the physician saved in their panel account, used again). Before the countersignature: drawn or qualified, as the consent asks.";

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).meta({
  description: "Wall-clock time in the service time zone (APP_TIMEZONE, default Europe/Istanbul): YYYY-MM-DD HH:MM:SS",
  examples: ["2026-11-22 14:03:09"],
});
const sha256 = z.string().regex(/^[0-9a-f]{64}$/).meta({ description: "lowercase hex SHA-256" });
const url = z.string().meta({ format: "uri" });

export const meResponse = z
  .object({
    tenant: z.object({
      code: z.string(),
      name: z.string(),
      type: z.string().meta({ description: "institution kind, e.g. klinik" }),
      storage: z.enum(["merkezi", "kurum"]),
    }),
    key: z.object({ id: z.string().meta({ description: "the Basic-auth user name" }), name: z.string(), scopes: z.array(z.enum(SCOPES)) }),
    quota: z.object({
      remaining: z.number().int(),
      unlimited: z.boolean(),
      license_ends: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
    }),
    timestamping: z.object({
      driver: z.enum(["local", "rfc3161", "none"]),
      provider: z.string(),
      provider_name: z.string(),
      legally_valid: z.boolean(),
      warning: z.string().nullable(),
    }),
    sealing: z
      .object({
        driver: z.enum(["local", "p12", "pkcs11"]),
        subject: z.string().meta({ description: "the seal certificate's subject, e.g. CN=…, O=…, C=TR" }),
        legally_valid: z.boolean(),
        warning: z.string().nullable(),
      })
      .meta({ description: "who seals the documents (PAdES); the chain is served at /seal/certificate.pem" }),
  })
  .meta({ id: "Me" });

export const templateVariable = z
  .object({
    name: z.string(),
    label: z.string(),
    type: z.enum(VARIABLE_TYPES),
    required: z.boolean(),
    default: z.string().optional().meta({ description: "present only when a default exists" }),
  })
  .meta({ id: "TemplateVariable" });

const teachBackQuestion = z
  .object({
    question: z.string(),
    options: z.array(z.string()).min(2).max(5),
    correct: z.number().int().min(0).meta({ description: "index (from 0) of the right option" }),
    explanation: z.string().optional().meta({ description: "shown after a wrong answer; present only when given" }),
  })
  .meta({ description: "decisions §22: one teach-back question (the request's soru, secenekler, dogru, aciklama)" });

const templateListFields = {
  code: z.string(),
  title: z.string(),
  category: z.string(),
  type: z.string().meta({ description: TEMPLATE_TYPES.join(" or "), examples: ["onam"] }),
  active: z.boolean(),
  version: z.number().int().min(0).meta({ description: "latest published version; 0 before the first publication" }),
  body_type: z.string().meta({ examples: ["html"] }),
  content_hash: sha256.meta({ description: "SHA-256 of the stored (sanitized) body of that version" }),
  wet_signature_required: z.boolean(),
  physician_countersign: z.boolean().meta({ description: "decisions §19: consents of this version need the informing physician's countersignature by default (hekim_imzasi)" }),
  published_at: dateTime.nullable(),
  revision: z.number().int().min(0).meta({ description: "decisions §25: the SKS revision number of that version: 1, 2, … per template (each publication is one); 0 before the first publication" }),
  document_code: z.string().nullable().meta({ description: "decisions §25: the SKS document code (dokuman_kodu) of that version, printed in every page's header; null when none was set" }),
  languages: z.array(z.enum(LANGUAGES)).meta({ description: "decisions §17: the languages the text exists in, tr first" }),
  content_hashes: z.partialRecord(z.enum(LANGUAGES), sha256).meta({ description: "SHA-256 of the body of each language (tr: content_hash)" }),
  has_draft: z.literal(true).optional().meta({ description: "present only when unpublished edits exist" }),
};

export const templateListItem = z.object(templateListFields).meta({ id: "TemplateListItem" });
export const templateDetail = z
  .object({
    ...templateListFields,
    variables: z.array(templateVariable),
    versions: z
      .array(z.object({ version: z.number().int().min(1), revision: z.number().int().min(1), published_at: dateTime }))
      .optional()
      .meta({ description: "decisions §25: every published version, newest first, with its revision and publication date (GET /v1/templates/{kod})" }),
    body: z.string().meta({ description: "sanitized HTML of the latest published version (or of the draft while none is published)" }),
    questions: z
      .partialRecord(z.enum(LANGUAGES), z.number().int().min(0).max(10))
      .meta({ description: "decisions §22: the number of teach-back questions of each language of the version (0 when it has none)", examples: [{ tr: 3, en: 0 }] }),
    teach_back: z
      .partialRecord(z.enum(LANGUAGES), z.array(teachBackQuestion))
      .meta({ description: "decisions §22: the teach-back questions of each language that has any (sent as sorular and ceviriler.<dil>.sorular)" }),
    clauses: z
      .partialRecord(
        z.enum(LANGUAGES),
        z.array(
          z.object({
            code: z.string().meta({ description: "the clause's code (kod), the same in every language" }),
            text: z.string().meta({ description: "the clause's text in this language (metin), plain text" }),
            required: z.boolean().meta({ description: "zorunlu: the person must tick it to sign" }),
          }),
        ),
      )
      .meta({ description: "decisions §26: the clauses (maddeler) of each language that has any (sent as maddeler and ceviriler.<dil>.maddeler); {} when the version has none" }),
    audio: z
      .partialRecord(
        z.enum(LANGUAGES),
        z.object({
          content_type: z.enum(["audio/mpeg", "audio/ogg"]),
          bytes: z.number().int().min(1).max(10 * 1024 * 1024),
          sha256: sha256.meta({ description: "SHA-256 of the recording's bytes" }),
        }),
      )
      .meta({
        description:
          "decisions §22: the read-aloud recording of each language's text, when one was uploaded (PUT /v1/templates/{kod}/audio/{dil}); bound to that text's content hash, so a version with another text in that language has none until one is uploaded",
      }),
    change_notes: z
      .partialRecord(z.enum(LANGUAGES), z.string())
      .optional()
      .meta({ description: "decisions §26: the latest version's note of its material change by language (degisiklik_notu); present only when it has one" }),
    readability: z
      .number()
      .nullable()
      .meta({
        description:
          "issue #52: the Ateşman readability score of the Turkish text of that version (198.825 − 40.175 × syllables/word − 2.610 × words/sentence, a syllable per vowel, one decimal): 90+ very easy, 70–89 easy, 50–69 medium, 30–49 difficult, below 30 very difficult; the panel flags texts below 60. Stored when the version was published; null for a text without words",
        examples: [64.2],
      }),
    audio_dropped: z
      .array(z.enum(LANGUAGES))
      .optional()
      .meta({ description: "decisions §26: in a publish's answer only: the languages whose read-aloud recording belonged to a text this version changed (upload a new one)" }),
  })
  .meta({ id: "TemplateDetail" });
/** decisions §22: a stored recording (the answer of PUT /v1/templates/{kod}/audio/{dil}). */
export const templateAudio = z
  .object({
    language: z.enum(LANGUAGES),
    content_hash: sha256.meta({ description: "the content hash of the text the recording is bound to (content_hashes[language])" }),
    content_type: z.enum(["audio/mpeg", "audio/ogg"]).meta({ description: "as sniffed from the bytes (and as declared)" }),
    bytes: z.number().int().min(1),
    sha256: sha256.meta({ description: "SHA-256 of the recording's bytes" }),
  })
  .meta({ id: "TemplateAudio" });
export const templateList = z.object({ data: z.array(templateListItem), count: z.number().int() }).meta({ id: "TemplateList" });

const timestamp = z
  .object({
    status: z.enum(["none", "queued", "ok", "failed"]),
    error: z.string().optional().meta({ description: "with status none (empty string) or failed (the reason)" }),
    time: dateTime.nullable().optional().meta({ description: "with status ok" }),
    serial: z.string().nullable().optional().meta({ description: "with status ok" }),
    provider: z.string().nullable().optional().meta({ description: "with status ok" }),
  })
  .meta({ id: "ConsentTimestamp" });

export const consentObject = z
  .object({
    id: z.string().regex(/^ons_\d{6}_[a-z0-9]{12,}$/).meta({ examples: ["ons_261122_k3j9x0q2m7ab"] }),
    status: z.enum(CONSENT_STATUSES),
    status_text: z.string().meta({ examples: ["Gönderildi"] }),
    external_ref: z.string().nullable().meta({ description: "the caller's dis_ref; \"\" when none was given, null once purged (kurum)" }),
    external_patient_id: z.string().nullable().meta({ description: "the caller's dis_hasta_id" }),
    patient: z.object({
      name: z.string().nullable(),
      tc_masked: z.string().nullable().meta({ examples: ["100******46"] }),
      phone: z.string().nullable().meta({ examples: ["+90532*****67"] }),
    }),
    approver: z.object({
      type: z.string().nullable().meta({ description: `one of ${APPROVER_TYPES.join(", ")}; null only once purged`, examples: ["hasta"] }),
      name: z.string().nullable(),
      relation: z.string().nullable(),
    }),
    physician: z.string().nullable(),
    procedure: z.string().nullable(),
    animal: z.object({ name: z.string().nullable(), species: z.string().nullable() }).nullable(),
    template: z.object({ code: z.string(), version: z.number().int(), content_sha256: sha256.meta({ description: "SHA-256 of the text rendered in `language`: the text shown and signed" }) }),
    language: z.enum(LANGUAGES).meta({ description: "decisions §17: the language of the text shown and signed (`dil`)" }),

    created_at: dateTime,
    expires_at: dateTime,
    signed_at: dateTime.nullable(),
    rejected_at: dateTime.nullable(),
    cancelled_at: dateTime.nullable(),
    reject_reason: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    withdrawn_at: dateTime.nullable().meta({ description: "when the person withdrew the signed consent (decisions §18)" }),
    withdraw_reason: z.string().nullable(),
    physician_countersign: z
      .object({
        required: z.literal(true),
        name: z.string().nullable().meta({ description: "the countersigning physician (hekim_ad); null until signed" }),
        registration_no: z.string().nullable().meta({ description: "hekim_tescil_no; null until signed or when not given" }),
        informed_at: dateTime.nullable().meta({ description: "when the physician informed the person; null until signed" }),
        signed_at: dateTime.nullable().meta({ description: "the countersignature's time; null until signed" }),
        signature_type: z.enum(["drawn", "typed", "saved", "qualified"]).meta({ description: SIGNATURE_TYPE_TEXT }),
        certificate: z
          .object({
            subject: z.string(),
            issuer: z.string(),
            serial: z.string().meta({ description: "upper-case hex" }),
            sha256: sha256.meta({ description: "SHA-256 of the certificate's DER" }),
          })
          .nullable()
          .meta({ description: "decisions §24: the physician's qualified certificate; null until signed, and for a drawn signature" }),
      })
      .nullable()
      .meta({ description: "decisions §19: null when the informing physician's countersignature is not required" }),
    witness: z.object({ name: z.string() }).nullable().meta({ description: "decisions §19: the witness (tanik_ad) who signs after the person; null when none" }),
    interpreter: z
      .object({ name: z.string(), language: z.enum(LANGUAGES) })
      .nullable()
      .meta({ description: "decisions §17/§19: the interpreter (tercuman_ad) who explained the text in `language`; null when none" }),
    document: z
      .object({
        sha256: sha256.meta({ description: "SHA-256 of the exact PDF bytes served at pdf_url: the sealed PDF/A-3 file (PAdES, decisions §14)" }),
        pdf_url: url.nullable().meta({ description: "signed download link, valid 24 hours; null once purged" }),
        evidence_url: url.nullable().meta({ description: "signed link to the evidence report (PDF; ?format=json for JSON)" }),
        tsr_url: url.nullable().meta({ description: "signed link to the DER RFC 3161 TimeStampResp (404 until timestamp.status is ok); null once purged without a token" }),
        verify_url: url.meta({ description: "public verification page" }),
      })
      .nullable()
      .meta({ description: "null until the document is produced, a moment after the last signature (a GET waits for it, at most 5 s; a document being retried reads null); a refusal on record has its Ret Tutanağı here" }),
    withdrawal_receipt: withdrawalReceiptShape,
    timestamp,
    link: z
      .object({ url: url.meta({ description: "{base_url}/s/<token>" }), short: url.meta({ description: "{base_url}/k/<code>" }) })
      .nullable()
      .meta({ description: "the signing link; null once purged (storage kurum)" }),
    purged: z.boolean().meta({ description: "true for a kurum consent after its purge (decisions §12)" }),
    reconsent_required: z
      .boolean()
      .meta({ description: "decisions §22: a material change (degisiklik: esasli) of its template was published after this consent completed; stays true once superseded" }),
    previous_id: z.string().nullable().meta({ description: "decisions §22: the consent this one re-consents (POST /v1/consents/{id}/reconsent); null otherwise" }),
    replaced_by: z.string().nullable().meta({ description: "decisions §22: the re-consent created for this consent (the latest one); null otherwise" }),
    comprehension: z
      .object({
        asked: z.number().int().min(1).max(10).meta({ description: "how many teach-back questions were asked" }),
        first_try_correct: z.number().int().min(0).max(10).meta({ description: "how many were answered right at the first try" }),
        flagged: z.boolean().meta({ description: "true when any first answer was wrong (shown to the physician before countersigning, §19)" }),
      })
      .nullable()
      .meta({ description: "decisions §22: the person's answers to the template version's teach-back questions; null when none were asked or answered" }),
    clauses: z
      .array(
        z.object({
          code: z.string().meta({ description: "the clause's code (kod)" }),
          text: z.string().meta({ description: "the clause as the person read it, in the consent's language" }),
          required: z.boolean().meta({ description: "zorunlu: it had to be ticked to sign" }),
          accepted: z.boolean().meta({ description: "whether the person ticked it (always true for a required one)" }),
        }),
      )
      .nullable()
      .meta({ description: "decisions §26: the template version's clauses (maddeler) as the person answered them when signing; null before signing and for a version without clauses" }),
  })
  .meta({ id: "Consent" });

export const consentList = z
  .object({
    data: z.array(consentObject),
    count: z.number().int().meta({ description: "total number of matches, not the page size" }),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: "ConsentList" });

export const evidenceRecord = z
  .object({
    seq: z.number().int().min(1),
    event: z.string().meta({ examples: ["olusturuldu"] }),
    at: dateTime,
    ip: z.string(),
    user_agent: z.string(),
    actor: z.string().meta({ description: "api:<key id>, panel:<user id>, signer or system" }),
    data: z.record(z.string(), z.unknown()),
    prev_hash: sha256.nullable(),
    hash: sha256.meta({ description: "SHA-256 of the RFC 8785 canonical JSON of the record without hash" }),
  })
  .meta({ id: "EvidenceRecord" });

export const consentEvents = z
  .object({ data: z.array(evidenceRecord), chain: z.object({ ok: z.boolean(), count: z.number().int() }) })
  .meta({ id: "ConsentEvents" });

/** decisions §24: POST /v1/consents/{id}/countersign/prepare's answer. */
export const qualifiedPrepared = z
  .object({
    prepare_id: z.string().meta({ description: "send it back with imza_degeri to POST /v1/consents/{id}/countersign; valid until expires_at, used once" }),
    signed_attributes: z.string().meta({ description: "base64 DER of the CMS SignedAttributes (a SET): what the physician's card signs (RSA PKCS#1 v1.5 or ECDSA, SHA-256)" }),
    to_be_signed_sha256: sha256.meta({ description: "hex SHA-256 of signed_attributes, for a card or service that signs a digest" }),
    expires_at: dateTime,
  })
  .meta({ id: "QualifiedCountersignPrepared" });

export const timestampRetry = z.object({ ok: z.boolean(), message: z.string(), consent: consentObject }).meta({ id: "TimestampRetry" });

export const verifyResult = z
  .object({
    match: z.boolean(),
    kind: verifyMatchKind,
    id: z.string(),
    status: z.enum(CONSENT_STATUSES),
    signed_at: dateTime.nullable(),
    institution: z.object({ name: z.string() }),
    timestamp: z.object({
      status: z.enum(["none", "queued", "ok", "failed"]),
      time: dateTime.nullable(),
      serial: z.string().nullable(),
      provider: z.string().nullable(),
    }),
    seal: z
      .object({
        valid: z.boolean(),
        signer: z.string().nullable().meta({ description: "the seal certificate's common name" }),
        level: z
          .enum(["B-B", "B-T", "B-LT", "B-LTA"])
          .nullable()
          .meta({
            description:
              "PAdES baseline level by what the file holds (decisions §24): B-B a seal; B-T with its signature-time-stamp; B-LT with revocation data for every chain; B-LTA with a document time-stamp after the seal",
          }),
      })
      .meta({ description: "the PAdES seal of the document on record as the verifier judges it (the one of `npx e-onam-verify`); valid false and nulls when there is none" }),
    signatures: z
      .array(
        z.object({
          role: z.enum(["seal", "physician", "timestamp", "document-timestamp"]),
          signer: z.string().meta({ description: "the signing certificate's common name (the TSA's for a time-stamp)" }),
          qualified: z.boolean().meta({ description: "a qualified certificate (ETSI EN 319 412-5 QcCompliance) or a qualified time-stamp, trusted" }),
          valid: z.boolean().meta({ description: "the signature or time-stamp holds over what it covers" }),
          trusted: z.boolean().meta({ description: "its chain ends at the service's trust statement or a configured anchor, and no certificate was revoked before its time" }),
          time: dateTime.nullable().meta({ description: "the time a time-stamp proves (for a signature: its signature-time-stamp's)" }),
        }),
      )
      .meta({ description: "decisions §24: every signature of the document on record, in the order they were made; empty when there is no document or it is no longer kept" }),
  })
  .meta({ id: "VerifyResult" });

export const webhookBody = z
  .object({
    delivery_id: z.number().int().meta({ description: "same as X-Service-Delivery; the de-duplication key, covered by the signature" }),
    event: z.enum(WEBHOOK_EVENTS),
    created_at: z.string().meta({ description: "the event's time, ISO 8601 with offset", examples: ["2026-11-22T14:03:09+03:00"] }),
    data: consentObject,
  })
  .meta({ id: "WebhookPayload" });

export const webhookTestBody = z
  .object({
    delivery_id: z.number().int().meta({ description: "same as X-Service-Delivery" }),
    event: z.literal(TEST_EVENT),
    created_at: z.string().meta({ description: "when the test was asked for, ISO 8601 with offset", examples: ["2026-11-22T14:03:09+03:00"] }),
    data: z.object({ test: z.literal(true), tenant: z.object({ code: z.string(), name: z.string() }) }),
  })
  .meta({ id: "WebhookTestPayload" });

const base64Hash = z.string().meta({ description: "a SHA-256 node hash, base64", examples: ["47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="] });

/** GET /log/proof (decisions §20): an RFC 6962 audit path. */
export const logProof = z
  .object({
    leaf_index: z.number().int().min(0).meta({ description: "the record's leaf index in the log" }),
    tree_size: z.number().int().min(1).meta({ description: "the tree size the path leads to (the `size` asked for)" }),
    inclusion: z.array(base64Hash).meta({ description: "the audit path, leaf end first (RFC 9162 §2.1.3)" }),
  })
  .meta({ id: "LogProof" });

/** GET /log/consistency (decisions §20). */
export const logConsistency = z
  .object({ consistency: z.array(base64Hash).meta({ description: "the consistency proof (RFC 9162 §2.1.4); empty when first = second" }) })
  .meta({ id: "LogConsistency" });

export type MeResponse = z.output<typeof meResponse>;
export type TimestampingInfo = MeResponse["timestamping"];
export type SealingInfo = MeResponse["sealing"];
export type TemplateListItem = z.output<typeof templateListItem>;
export type TemplateDetail = z.output<typeof templateDetail>;
export type ConsentObject = z.output<typeof consentObject>;
export type VerifyResult = z.output<typeof verifyResult>;
export type LogProof = z.output<typeof logProof>;
export type LogConsistency = z.output<typeof logConsistency>;

// The evidence record is also the structure the chain hashes (lib/evidence/chain.ts): checked, not derived.
type Satisfies<T extends U, U> = T;
type _EvidenceRecordIsTheContract = Satisfies<EvidenceRecord, z.input<typeof evidenceRecord>>;
