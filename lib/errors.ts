// The one error type of the service and its closed set of codes (decisions §2). Any layer may throw
// it; only the HTTP edge (lib/api/problem.ts) turns it into problem+json.
import { z } from "zod";

// zod's own messages (a wrong type, an unknown enum value…) in Turkish, like the service's (§2: the
// detail is Turkish by default). Every server-side parse goes through this module.
z.config(z.locales.tr());

const TABLE = {
  bad_request: { status: 400, title: "Bad Request", detail: "İstek gövdesi geçerli bir JSON nesnesi değil." },
  unauthorized: { status: 401, title: "Unauthorized", detail: "Geçerli bir API anahtarı ile Basic kimlik doğrulaması gerekli." },
  quota_exhausted: { status: 402, title: "Quota Exhausted", detail: "SMS kontörü tükendi." },
  license_expired: { status: 402, title: "License Expired", detail: "Lisans süresi doldu." },
  forbidden_scope: { status: 403, title: "Forbidden", detail: "API anahtarının bu işlem için yetkisi yok." },
  forbidden: { status: 403, title: "Forbidden", detail: "Bağlantı geçersiz ya da süresi dolmuş." },
  not_found: { status: 404, title: "Not Found", detail: "Kayıt bulunamadı." },
  method_not_allowed: { status: 405, title: "Method Not Allowed", detail: "Bu adres bu HTTP yöntemini desteklemiyor." },
  invalid_state: { status: 409, title: "Conflict", detail: "Kayıt bu işlem için uygun durumda değil." },
  idempotency_conflict: { status: 409, title: "Idempotency Conflict", detail: "Bu Idempotency-Key farklı bir istekle kullanıldı." },
  purged: { status: 410, title: "Gone", detail: "Kayıt saklama politikası gereği silindi." },
  payload_too_large: { status: 413, title: "Payload Too Large", detail: "İstek gövdesi 1 MiB sınırını aşıyor." },
  unsupported_media_type: { status: 415, title: "Unsupported Media Type", detail: "İstek gövdesi application/json olmalı." },
  missing_variables: { status: 422, title: "Missing Variables", detail: "Şablonun zorunlu değişkenleri eksik." },
  validation_failed: { status: 422, title: "Validation Failed", detail: "İstek doğrulanamadı." },
  template_unavailable: { status: 422, title: "Template Unavailable", detail: "Şablon bulunamadı, pasif ya da hiç yayımlanmamış." },
  rate_limited: { status: 429, title: "Too Many Requests", detail: "İstek sınırı aşıldı; biraz sonra tekrar deneyin." },
  internal: { status: 500, title: "Internal Server Error", detail: "Beklenmeyen bir hata oluştu." },
  service_unavailable: { status: 503, title: "Service Unavailable", detail: "Hizmet geçici olarak kullanılamıyor; biraz sonra tekrar deneyin." },
} as const;

export type ErrorCode = keyof typeof TABLE;
/** Every code, for the OpenAPI document. */
export const ERROR_CODES = Object.keys(TABLE) as ErrorCode[];

export function titleOf(code: ErrorCode): string {
  return TABLE[code].title;
}
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly errors?: FieldErrors,
    /** extension members (e.g. `head`, `count` of a purged consent) */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail ?? TABLE[code].detail);
  }
  get status(): number {
    return TABLE[this.code].status;
  }
}

export function statusOf(code: ErrorCode): number {
  return TABLE[code].status;
}

/** Zod issues → `{ field: [messages] }`, with dotted paths (`degiskenler.doz`). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Parses input with a zod schema or throws 422 validation_failed naming each field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError("validation_failed", undefined, fieldErrors(result.error));
  return result.data;
}
