// Request schemas of the consent endpoints: the rules of the spec's body table and decisions §2/§5.
import { z } from "zod";
import { isValidTc } from "@/lib/consents/national-id";
import { normalizeTurkishMobile } from "@/lib/phone";
import { APPROVER_TYPES, CONSENT_STATUSES, PHYSICIAN_SIGNATURE_TYPES } from "@/lib/contract/enums";
import { parseCalendarDate } from "@/lib/time";
import { LANGUAGES } from "@/lib/i18n/languages";
import { refuseBidiControls, unprintableCharacters, unprintableMessage } from "@/lib/documents/printable";

/** An optional free-text field: trimmed; "" and null count as absent. */
const text = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v.trim() === "" ? undefined : v.trim()))
    .refine((v) => v === undefined || v.length <= max, `en fazla ${max} karakter olmalı`);

/** An override of a kept value: absent keeps it, null (or "") drops it, a string replaces it. */
const nullableText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim()))
    .refine((v) => v == null || v.length <= max, `en fazla ${max} karakter olmalı`);

const calendarDate = z.string().refine((v) => parseCalendarDate(v) !== null, "YYYY-AA-GG biçiminde geçerli bir tarih olmalı");

/** The signing link's validity in hours, when a new consent or a renewal sets its own. */
const VALIDITY_HOURS_MESSAGE = "1 ile 720 arasında bir tam sayı olmalı";
const validityHours = z.number({ error: VALIDITY_HOURS_MESSAGE }).int(VALIDITY_HOURS_MESSAGE).min(1, VALIDITY_HOURS_MESSAGE).max(720, VALIDITY_HOURS_MESSAGE).optional();

/** decisions §15: the longest value of one template variable. */
const MAX_VARIABLE_CHARS = 10_000;

export { APPROVER_TYPES };

/** The request's fields the document prints (with every variable's value). */
const PRINTED_FIELDS = ["adsoyad", "hekim", "islem", "onaylayan_ad", "yakinlik", "hayvan_ad", "hayvan_tur", "tercuman_ad", "tanik_ad"] as const;

// onaylayan_ad is optional for every approver type, as the spec's body table has it: the signing
// page and the document then name the approver by type (veli, vasi) only.
export const createConsentSchema = z
  .object({
    sablon_kod: z.string({ error: "zorunlu" }).trim().min(1, "zorunlu").max(64),
    adsoyad: z.string({ error: "zorunlu" }).trim().min(3, "en az 3 karakter olmalı").max(200, "en fazla 200 karakter olmalı"),
    telefon: z
      .string({ error: "zorunlu" })
      .transform((v, ctx) => normalizeTurkishMobile(v) ?? (ctx.addIssue({ code: "custom", message: "geçerli bir Türkiye cep telefonu numarası değil" }), z.NEVER)),
    tc: text(11).refine((v) => v === undefined || isValidTc(v), "geçerli bir T.C. kimlik numarası değil"),
    dogum_tarih: text(10).refine((v) => v === undefined || parseCalendarDate(v) !== null, "YYYY-AA-GG biçiminde geçerli bir tarih olmalı"),
    hekim: text(200),
    islem: text(200),
    dis_ref: text(200),
    dis_hasta_id: text(200),
    onaylayan_tip: z.enum(APPROVER_TYPES, { error: "hasta, veli, vasi ya da sahip olmalı" }).default("hasta"),
    onaylayan_ad: text(200),
    yakinlik: text(100),
    hayvan_ad: text(100),
    hayvan_tur: text(100),
    gecerlilik_saat: validityHours,
    sms_gonder: z.boolean({ error: "true ya da false olmalı" }).default(true),
    kimlik_dogrulama: z
      .enum(["sms", "yuz_yuze"], { error: "sms ya da yuz_yuze olmalı" })
      .default("sms")
      .meta({
        description:
          "decisions §26: sms (the default): the person proves the phone with a code; yuz_yuze: no SMS is sent and no code is asked, the consent opens only on the panel's kiosk view after a signed-in user confirms the identity document (event kimlik_dogrulandi); its link, opened anywhere else, shows nothing personal and cannot sign",
      }),
    // decisions §17: the language of the text shown and signed (the version must have it), and the
    // interpreter who explained it, who then signs too.
    dil: z
      .enum(LANGUAGES, { error: `şunlardan biri olmalı: ${LANGUAGES.join(", ")}` })
      .default("tr")
      .meta({ description: "decisions §17: the language of the text shown, hashed, signed and printed; the published version must have it (422 on dil otherwise)" }),
    tercuman_ad: text(200).meta({ description: "the interpreter who explained the text (only when dil is not tr); the signing page then asks for the interpreter's signature too" }),
    // decisions §19: a witness who signs on the person's device after the person (and the
    // interpreter); the physician's countersignature, overriding the template version's default.
    tanik_ad: text(200).meta({ description: "decisions §19: a witness (for a person who cannot read, say); the signing page then asks for the witness's signature after the person's" }),
    hekim_imzasi: z
      .boolean({ error: "true ya da false olmalı" })
      .optional()
      .meta({ description: "decisions §19: whether the informing physician must countersign (default: the template version's hekim_imzasi)" }),
    hekim_imza_turu: z
      .enum(PHYSICIAN_SIGNATURE_TYPES, { error: "cizim ya da nitelikli olmalı" })
      .optional()
      .meta({ description: "decisions §24: how the physician countersigns: cizim (drawn, §19) or nitelikli (qualified electronic signature, POST /v1/consents/{id}/countersign/prepare); default: the tenant's setting" }),
    degiskenler: z
      .record(z.string(), z.union([z.string(), z.number(), z.null()]), { error: "değişken adı → değer nesnesi olmalı" })
      .default({})
      // decisions §15: a value at most 10 000 characters, named by its path (degiskenler.<ad>).
      .superRefine((o, ctx) => {
        for (const [k, v] of Object.entries(o)) {
          if (typeof v === "string" && v.length > MAX_VARIABLE_CHARS) {
            ctx.addIssue({ code: "custom", path: [k], message: `en fazla ${MAX_VARIABLE_CHARS} karakter olmalı` });
          }
        }
      })
      .transform((o) => Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]])))),
  })
  .refine((c) => c.tercuman_ad === undefined || c.dil !== "tr", { path: ["tercuman_ad"], message: "yalnızca dil tr değilken verilebilir" })
  // What the document prints must be drawable by its font (a name in a script it lacks would be
  // signed and printed as boxes): refused here, naming the field and the characters.
  .superRefine((c, ctx) => {
    const check = (path: string[], value: string | undefined) => {
      const chars = value === undefined ? [] : unprintableCharacters(value);
      if (chars.length) ctx.addIssue({ code: "custom", path, message: unprintableMessage(chars) });
    };
    for (const field of PRINTED_FIELDS) {
      check([field], c[field]);
      refuseBidiControls(c[field], ctx, [field]);
    }
    for (const [name, value] of Object.entries(c.degiskenler)) check(["degiskenler", name], value);
  });
export type CreateConsentInput = z.infer<typeof createConsentSchema>;
export type ReconsentInput = z.infer<typeof reconsentSchema>;

const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = Number(v);
      if (!/^-?\d+$/.test(v) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${min} ile ${max} arasında bir tam sayı olmalı` });
        return z.NEVER;
      }
      return n;
    });

export const listConsentsQuerySchema = z
  .object({
    status: z.enum(CONSENT_STATUSES, { error: `şunlardan biri olmalı: ${CONSENT_STATUSES.join(", ")}` }).optional(),
    external_ref: z.string().max(200).optional(),
    external_patient_id: z.string().max(200).optional(),
    tc: z.string().max(64).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    limit: intParam(1, 200, 50),
    // Capped at PostgreSQL's int4 range: a larger OFFSET made Prisma throw, a 500 (found by the fuzz suite).
    offset: intParam(0, 2_147_483_647, 0),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "from tarihinden önce olamaz" });
export type ListConsentsQuery = z.infer<typeof listConsentsQuerySchema>;

export const cancelConsentSchema = z.object({ reason: text(500) });
export const withdrawConsentSchema = z.object({ reason: text(500) });

/**
 * decisions §22: POST /v1/consents/{id}/reconsent. The person, approver, animal, references, language
 * and variable values are the renewed consent's; these may differ for the new one.
 */
export const reconsentSchema = z.object({
  sms_gonder: z.boolean({ error: "true ya da false olmalı" }).default(true),
  gecerlilik_saat: validityHours,
  dil: z
    .enum(LANGUAGES, { error: `şunlardan biri olmalı: ${LANGUAGES.join(", ")}` })
    .optional()
    .meta({ description: "the language of the new text (default: the renewed consent's); the current version must have it" }),
  degiskenler: z
    .record(z.string(), z.union([z.string(), z.number(), z.null()]), { error: "değişken adı → değer nesnesi olmalı" })
    .default({})
    .meta({ description: "values for variables the new version adds or changes; the renewed consent's values fill the rest" }),
  // decisions §26: the renewed consent's parties are kept; each may be overridden (null drops a name).
  hekim_imzasi: z.boolean({ error: "true ya da false olmalı" }).optional().meta({ description: "whether the physician countersigns (default: the renewed consent's)" }),
  hekim_imza_turu: z
    .enum(PHYSICIAN_SIGNATURE_TYPES, { error: "cizim ya da nitelikli olmalı" })
    .optional()
    .meta({ description: "how the physician countersigns: cizim or nitelikli (default: the renewed consent's)" }),
  tanik_ad: nullableText(200).meta({ description: "the witness (default: the renewed consent's; null: none)" }),
  tercuman_ad: nullableText(200).meta({ description: "the interpreter (default: the renewed consent's while the language is not tr; null: none)" }),
  onaylayan_tip: z.enum(APPROVER_TYPES, { error: "hasta, veli, vasi ya da sahip olmalı" }).optional(),
  onaylayan_ad: nullableText(200),
  yakinlik: nullableText(100),
  dis_hasta_id: nullableText(200),
});
