// Request contracts of POST and PUT /v1/templates. Unknown fields are stripped, not errors (decisions §1).
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { isBlankHtml, sanitizeTemplateHtml } from "@/lib/templates/sanitize-template-html";
import { expected, variablesInputSchema } from "@/lib/templates/variables";

export const TEMPLATE_TYPES = ["onam", "aydinlatma"] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const TEMPLATE_CODE_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

const code = z
  .string(expected("metin"))
  .regex(TEMPLATE_CODE_RE, "harf ya da rakamla başlamalı; yalnızca harf, rakam, - ve _ içermeli (en çok 64 karakter)");
const title = z.string(expected("metin")).trim().min(1, "boş olamaz").max(200, "en çok 200 karakter olmalı");
const category = z.string(expected("metin")).trim().min(1, "boş olamaz").max(100, "en çok 100 karakter olmalı");
/** decisions §15: the largest template body, in UTF-8 bytes. */
export const MAX_TEMPLATE_BODY_BYTES = 256 * 1024;
const body = z
  .string(expected("metin"))
  .refine((s) => s.trim() !== "", "boş olamaz")
  .refine((s) => Buffer.byteLength(s, "utf8") <= MAX_TEMPLATE_BODY_BYTES, "en fazla 256 KiB olmalı");
const type = z.enum(TEMPLATE_TYPES, { error: "onam ya da aydinlatma olmalı" });
const flag = z.boolean(expected("true ya da false"));

export const createTemplateSchema = z.object({
  kod: code,
  baslik: title,
  kategori: category.default("genel"),
  govde: body,
  yayimla: flag.default(false),
  degiskenler: variablesInputSchema.default([]),
  tur: type.default("onam"),
  aktif: flag.default(true),
  islak_imza: flag.default(false),
});

/** PUT: the POST fields minus `kod`, all optional; only the given ones change. */
export const updateTemplateSchema = z.object({
  baslik: title.optional(),
  kategori: category.optional(),
  govde: body.optional(),
  yayimla: flag.default(false),
  degiskenler: variablesInputSchema.optional(),
  tur: type.optional(),
  aktif: flag.optional(),
  islak_imza: flag.optional(),
});

/** The request bodies as callers write them. */
export type CreateTemplateRequest = z.input<typeof createTemplateSchema>;
export type UpdateTemplateRequest = z.input<typeof updateTemplateSchema>;
/** After validation and defaults: variables already in the stored shape. */
export type CreateTemplateInput = z.output<typeof createTemplateSchema>;
export type UpdateTemplateInput = z.output<typeof updateTemplateSchema>;

/** Sanitizes `govde`; a body with nothing left to show (e.g. only a script) is a 422 on `govde`. */
export function sanitizeGovde(html: string): string {
  const clean = sanitizeTemplateHtml(html);
  if (isBlankHtml(clean)) {
    throw new AppError("validation_failed", undefined, { govde: ["güvenli olmayan içerik temizlendikten sonra boş kaldı"] });
  }
  return clean;
}
