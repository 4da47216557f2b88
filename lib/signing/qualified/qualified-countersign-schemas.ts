// decisions §24: the bodies of the two steps of a qualified countersignature, and the prepare's
// answer. Sizes are bounded: a certificate of at most 16 KiB, a chain of at most 8, a signature value
// of at most 1 KiB (RSA-8192).
import { z } from "zod";
import { printedText } from "@/lib/consents/printed-text";
import { countersignSchema } from "@/lib/consents/countersign-consent";
import { MAX_CHAIN_CERTIFICATES } from "@/lib/sealing/check-qualified-certificate";

const base64 = (maxBytes: number) =>
  z
    .string({ error: "zorunlu" })
    .max(Math.ceil(maxBytes / 3) * 4 + 4, `en fazla ${maxBytes} bayt`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "base64 olmalı")
    .transform((v) => Buffer.from(v, "base64"));

const CERTIFICATE_BYTES = 16 * 1024;

export const prepareSchema = z.object({
  hekim_ad: printedText(200),
  hekim_tescil_no: countersignSchema.shape.hekim_tescil_no,
  bilgilendirme_zamani: countersignSchema.shape.bilgilendirme_zamani,
  sertifika: base64(CERTIFICATE_BYTES),
  zincir: z.array(base64(CERTIFICATE_BYTES)).max(MAX_CHAIN_CERTIFICATES, `en fazla ${MAX_CHAIN_CERTIFICATES} sertifika`).optional().default([]),
});

export const finishSchema = z.object({
  prepare_id: z.string({ error: "zorunlu" }).min(1, "zorunlu").max(64),
  imza_degeri: base64(1024),
});

export interface PreparedAnswer {
  prepare_id: string;
  signed_attributes: string;
  to_be_signed_sha256: string;
  expires_at: string;
}
