// The institution's details the owner types in (decisions §23, issue #42), as the panel sends them:
// each may be left empty (null: not shown; for the sender name, the service's NETGSM_HEADER).
import { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { parsePhone } from "@/lib/phone";

const MAX_ADDRESS = 300;
const MAX_PRIVACY_URL = 500;
/** Netgsm's msgheader: 3–11 of A–Z a–z 0–9, space, dot and hyphen (what operators accept as an originator). */
const SMS_SENDER = /^[A-Za-z0-9 .-]{3,11}$/;

const empty = (v: unknown) => (typeof v === "string" && v.trim() === "") || v === null || v === undefined;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (empty(v) ? null : typeof v === "string" ? v.trim() : v), schema.nullable());

/** `0212 555 12 34`, `444 0 123`, `+49 30 1234567` → E.164; null when it is no valid number. */
function normalizePhone(text: string): string | null {
  const p = parsePhone(text);
  if (!p || !p.isValid() || p.ext) return null;
  return p.number;
}

/** `+902125551234` → `+90 212 555 12 34`: how pages and the PDF write it (always left to right). */
export function displayPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

export const brandingFieldsSchema = z.object({
  address: optional(
    z
      .string({ error: "metin olmalı" })
      .transform((v) => v.replace(/\r\n?/g, "\n"))
      .refine((v) => v.length <= MAX_ADDRESS, { error: `en çok ${MAX_ADDRESS} karakter olabilir` })
      .refine((v) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(v), { error: "denetim karakteri içeremez" }),
  ),
  phone: optional(
    z
      .string({ error: "metin olmalı" })
      .max(40, { error: "geçerli bir telefon numarası olmalı (ör. 0212 555 12 34)" })
      .transform((v, ctx) => {
        const e164 = normalizePhone(v);
        if (!e164) ctx.addIssue({ code: "custom", message: "geçerli bir telefon numarası olmalı (ör. 0212 555 12 34), dahili numara olmadan" });
        return e164 ?? "";
      }),
  ),
  privacyUrl: optional(
    z
      .string({ error: "metin olmalı" })
      .max(MAX_PRIVACY_URL, { error: `en çok ${MAX_PRIVACY_URL} karakter olabilir` })
      .transform((v, ctx) => {
        let u: URL | null = null;
        try {
          u = new URL(v);
        } catch {
          // reported below
        }
        if (!u || u.protocol !== "https:" || !u.hostname || u.username || u.password) {
          ctx.addIssue({ code: "custom", message: "https:// ile başlayan bir adres olmalı" });
          return "";
        }
        if (u.href.length > MAX_PRIVACY_URL) ctx.addIssue({ code: "custom", message: `en çok ${MAX_PRIVACY_URL} karakter olabilir` });
        return u.href;
      }),
  ),
  smsSender: optional(
    z
      .string({ error: "metin olmalı" })
      .regex(SMS_SENDER, { error: "3–11 karakter olmalı: harf (A–Z, Türkçe harfsiz), rakam, boşluk, nokta ya da tire" })
      .regex(/[A-Za-z0-9]/, { error: "en az bir harf ya da rakam içermeli" }),
  ),
});

export type BrandingFields = z.infer<typeof brandingFieldsSchema>;
