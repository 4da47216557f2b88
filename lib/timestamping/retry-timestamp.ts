// POST /v1/consents/{id}/timestamp: try at once to timestamp a document that has none (decisions §9).
import { db } from "@/lib/db";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { advanceCompletion } from "@/lib/completion/advance-completion";
import { attemptTimestamp } from "@/lib/timestamping/attempt-timestamp";

export async function retryTimestamp(tenantId: string, id: string): Promise<{ ok: boolean; message: string; consent: ConsentObject }> {
  const c = await db().consent.findFirst({ where: { id, tenantId }, select: { documentSha256: true, tsStatus: true, purgedAt: true } });
  if (!c) throw new AppError("not_found", "Onam bulunamadı.");
  if (!c.documentSha256) throw new AppError("invalid_state", "Onamın henüz belgesi yok; zaman damgası imzadan sonra alınır.");
  if (c.tsStatus === "ok") {
    return { ok: true, message: "Belgenin zaman damgası zaten alınmış; değişiklik yapılmadı.", consent: await getConsentOrThrow(tenantId, id) };
  }
  if (c.purgedAt) {
    throw new AppError("invalid_state", "Onamın kayıtları saklama politikası (kurum) gereği silindi; zaman damgası artık alınamaz.");
  }
  const outcome = await attemptTimestamp(id, { manual: true });
  // A cycle this attempt ended is announced now, as the pipeline would on its next step.
  if (outcome.kind !== "skipped") await advanceCompletion(id);
  const consent = await getConsentOrThrow(tenantId, id);
  switch (outcome.kind) {
    case "ok":
      return { ok: true, message: "Zaman damgası alındı.", consent };
    case "failed":
      return { ok: false, message: outcome.error, consent };
    case "skipped":
      // Timestamping is off, or another attempt was under way (or just finished): report what it left.
      return consent.timestamp.status === "ok"
        ? { ok: true, message: "Zaman damgası alındı.", consent }
        : env().TSA_DRIVER === "none"
          ? { ok: false, message: "Zaman damgası kapalı (TSA_DRIVER=none).", consent }
          : { ok: false, message: "Bir zaman damgası denemesi şu anda sürüyor; biraz sonra tekrar bakın.", consent };
  }
}
