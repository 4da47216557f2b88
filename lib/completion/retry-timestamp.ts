// POST /v1/consents/{id}/timestamp and the panel's button: try at once to timestamp a document that has
// none (decisions §9). Not a door of its own into the completion: it makes the timestamp step due now
// (conditionally: a `queued` or `failed` timestamp of a document on record) and runs the pipeline,
// whose claim lets only one of several retries, or a retry and the pipeline's own attempt, go to the
// TSA. The answer says what the row says afterwards.
import { markTimestampDue, timestampState } from "@/lib/db/completion";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { advanceCompletion } from "@/lib/completion/advance-completion";

export async function retryTimestamp(tenantId: string, id: string): Promise<{ ok: boolean; message: string; consent: ConsentObject }> {
  const c = await timestampState(tenantId, id);
  if (!c) throw new AppError("not_found", "Onam bulunamadı.");
  if (!c.documentSha256) throw new AppError("invalid_state", "Onamın henüz belgesi yok; zaman damgası imzadan sonra alınır.");
  if (c.tsStatus === "ok") {
    return { ok: true, message: "Belgenin zaman damgası zaten alınmış; değişiklik yapılmadı.", consent: await getConsentOrThrow(tenantId, id) };
  }
  if (c.purgedAt) {
    throw new AppError("invalid_state", "Onamın kayıtları saklama politikası (kurum) gereği silindi; zaman damgası artık alınamaz.");
  }
  if (env().TSA_DRIVER === "none") {
    return { ok: false, message: "Zaman damgası kapalı (TSA_DRIVER=none).", consent: await getConsentOrThrow(tenantId, id) };
  }
  if (await markTimestampDue(tenantId, id, now())) await advanceCompletion(id);
  const after = await timestampState(tenantId, id);
  const consent = await getConsentOrThrow(tenantId, id);
  if (after?.tsStatus === "ok") return { ok: true, message: "Zaman damgası alındı.", consent };
  // An attempt was made (this one or a concurrent one) and failed: its reason.
  if (after && after.tsAttempts > c.tsAttempts && after.tsError) return { ok: false, message: after.tsError, consent };
  // Another attempt is under way (it holds the claim): it will answer shortly.
  return { ok: false, message: "Bir zaman damgası denemesi şu anda sürüyor; biraz sonra tekrar bakın.", consent };
}
