// POST /v1/verify and the public page: does this digest match the document recorded under this id,
// and what does the verifier say of that document (decisions §24: its seal and every signature)?
// Public by nature (decisions §5): any tenant's document, and nothing about the recorded digest leaks.
// Without an id, the digest alone finds its document (§23): only a holder of the file knows it.
// A withdrawn consent's sealed receipt (§18, issue #51) is one of its records too: its digest matches
// with `kind: "withdrawal_receipt"`, the receipt's own seal judged by the same verifier.
import type { VerifyResult } from "@/lib/contract/response-shapes";
import { z } from "zod";
import { verifyRow, verifyRowByDigest } from "@/lib/db/consent-verify";
import { env } from "@/lib/env";
import { safeEqual } from "@/lib/crypto";
import { now } from "@/lib/clock";
import { formatDateTime } from "@/lib/time";
import { effectiveStatus } from "@/lib/consents/consent-status";
import { AppError, parseOrThrow } from "@/lib/errors";
import type { Report } from "@/lib/verifier/report";
import { verifyStoredDocument } from "@/lib/verifier/verify-stored-document";

export const verifySchema = z.object({
  // Any id is looked up, whatever its shape: one that names no document is 404 not_found (decisions §5).
  id: z.string({ error: "metin olmalı" }).trim().min(1, "boş olamaz").max(64, "en fazla 64 karakter olmalı").optional(),
  sha256: z
    .string({ error: "zorunlu" })
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/, "64 karakterlik bir SHA-256 özeti (hex) olmalı")),
});

export async function verifyDocument(request: unknown): Promise<VerifyResult> {
  const parsed = parseOrThrow(verifySchema, request);
  const { sha256 } = parsed;
  // Every check of the public page and of integrators: one statement, straight to the driver.
  const c = parsed.id === undefined ? await verifyRowByDigest(sha256) : await verifyRow(parsed.id, sha256);
  // decisions §5: 200 for a known id. A consent without a document (not signed) matches nothing;
  // its status says why. §23: an unknown digest is 404 like an unknown id.
  if (!c) throw new AppError("not_found", parsed.id === undefined ? "Bu özetle kayıtlı bir belge bulunamadı." : "Bu numarayla kayıtlı bir onam bulunamadı.");
  const tz = env().APP_TIMEZONE;
  const ok = c.tsStatus === "ok";
  // A copy of a document stored unsealed and sealed later (belge_muhurlendi) is still the signed text.
  const current = c.documentSha256 !== null && safeEqual(c.documentSha256, sha256);
  const superseded = !current && c.supersededSha256 !== null && safeEqual(c.supersededSha256, sha256);
  // decisions §24: so is a copy taken before an archive renewal appended to the file.
  const document = current || superseded || c.earlier;
  const receipt = !document && c.receiptSha256 !== null && safeEqual(c.receiptSha256, sha256);
  // The receipt's seal and signatures are the receipt file's; without it kept (purged), none is vouched for.
  const report = receipt ? await verifyStoredDocument({ id: c.id, documentKey: c.receiptKey, documentSha256: c.receiptSha256 }) : await verifyStoredDocument(c);
  return {
    match: document || receipt,
    kind: document ? "document" : receipt ? "withdrawal_receipt" : null,
    id: c.id,
    // Past expires_at an unanswered consent reads `expired` here too, as on every read (decisions §5).
    status: effectiveStatus(c.status, c.expiresAt, now()),
    signed_at: c.signedAt ? formatDateTime(c.signedAt, tz) : null,
    institution: { name: c.institution },
    timestamp: {
      // The columns hold only what the code writes: the statuses and levels the shape names.
      status: c.tsStatus as VerifyResult["timestamp"]["status"],
      time: ok && c.tsTime ? formatDateTime(c.tsTime, tz) : null,
      serial: ok ? c.tsSerial : null,
      provider: ok ? c.tsProvider : null,
    },
    seal: report ? sealOf(report) : receipt ? { valid: false, signer: null, level: null } : { valid: c.sealLevel !== null, signer: c.sealSigner, level: c.sealLevel as VerifyResult["seal"]["level"] },
    signatures: (report?.signatures ?? []).map((s) => ({
      role: s.role,
      signer: s.signer,
      qualified: s.qualified,
      valid: s.valid,
      trusted: s.trusted,
      time: s.time ? formatDateTime(new Date(s.time), tz) : null,
    })),
  };
}

/**
 * decisions §14, §24: the seal of the document on record as the verifier finds it. Without a kept
 * file (purged in `kurum` mode) the columns written when it was sealed say it instead.
 */
function sealOf(report: Report): VerifyResult["seal"] {
  const seal = report.signatures.find((s) => s.role === "seal");
  return { valid: report.valid && seal !== undefined, signer: seal?.signer ?? null, level: report.valid ? report.level : null };
}
