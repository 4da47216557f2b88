// What the public /log routes answer (decisions §20), apart from the proofs: the checkpoint (the
// latest, or one kept at a given size), the verifier key, and the time-stamped checkpoint.
import { z } from "zod";
import { checkpointRowAt, type CheckpointRow } from "@/lib/db/transparency-log";
import { AppError, parseOrThrow } from "@/lib/errors";
import { loadLogKey } from "@/lib/transparency/log-key";
import { currentCheckpoint } from "@/lib/transparency/sign-checkpoint";
import { stampedCheckpoint } from "@/lib/transparency/stamp-checkpoint";

const checkpointQuery = z.object({
  size: z.coerce.number({ error: "bir tam sayı olmalı" }).int("bir tam sayı olmalı").min(0, "negatif olamaz").max(Number.MAX_SAFE_INTEGER, "çok büyük").optional(),
});

/** The latest checkpoint; with `size`, the one signed at that size (the one a .tsr or a document names). */
export async function getCheckpoint(query: unknown): Promise<CheckpointRow> {
  const { size } = parseOrThrow(checkpointQuery, query);
  if (size === undefined) return currentCheckpoint();
  const row = await checkpointRowAt(size);
  if (!row) throw new AppError("not_found", "Bu büyüklükte imzalanmış bir kontrol noktası yok.");
  return row;
}

export async function getLogVerifierKey(): Promise<string> {
  return (await loadLogKey()).verifierKey;
}

export async function getStampedCheckpoint(): Promise<{ size: number; tsr: Buffer }> {
  const row = await stampedCheckpoint();
  if (!row) throw new AppError("not_found", "Henüz zaman damgalı bir kontrol noktası yok.");
  return { size: row.size, tsr: row.tsr };
}
