// Step "timestamp" of the completion pipeline: one attempt for a consent's document (decisions §9).
// Success records `ok` with the token; a failure schedules the next attempt, or after
// TSA_RETRY_SCHEDULE leaves `failed`. Either end of the cycle lets the pipeline announce the
// completion (lib/completion/announce-completion.ts).
import { sqlTransaction } from "@/lib/db";
import { claimTimestampAttempt, recordTimestamp, recordTimestampFailure, recordTimestampingOff } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { formatDateTime } from "@/lib/time";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { getTsaDriver } from "@/lib/timestamping/get-tsa-driver";
import { TimestampError } from "@/lib/timestamping/tsa-types";

// While one process works on an attempt, others leave the consent alone this long.
const LEASE_MS = 2 * 60_000;

export type AttemptOutcome = { kind: "ok" } | { kind: "failed"; error: string } | { kind: "skipped" };

/** `manual`: POST …/timestamp — runs at once, also on a `failed` timestamp. */
export async function attemptTimestamp(consentId: string, options: { manual?: boolean } = {}): Promise<AttemptOutcome> {
  const manual = options.manual ?? false;
  const at = now();
  const c = await claimTimestampAttempt(consentId, at, new Date(at.getTime() + LEASE_MS), manual);
  if (!c) return { kind: "skipped" };

  let error: string;
  try {
    const driver = await getTsaDriver();
    if (!driver) {
      await recordTimestampingOff(consentId);
      return { kind: "failed", error: "Zaman damgası kapalı (TSA_DRIVER=none)." };
    }
    const token = await driver.timestamp(c.documentSha256);
    const done = now();
    await sqlTransaction(async (tx) => {
      await recordTimestamp(tx, consentId, { time: token.genTime, serial: token.serial, provider: driver.provider, token: new Uint8Array(token.der) });
      await appendEvent(tx, consentId, "zaman_damgasi_alindi", SYSTEM_ORIGIN, done, {
        serial: token.serial,
        time: formatDateTime(token.genTime, env().APP_TIMEZONE),
        provider: driver.provider,
      });
    });
    return { kind: "ok" };
  } catch (err) {
    error = err instanceof TimestampError ? err.message : "Zaman damgası alınamadı (beklenmeyen hata).";
    metrics().tsaFailures.inc();
    logger().warn({ consentId, reason: err instanceof TimestampError ? err.reason : "unexpected", err: err instanceof TimestampError ? undefined : err }, "timestamp attempt failed");
  }

  const schedule = env().TSA_RETRY_SCHEDULE;
  const attempts = c.tsAttempts + 1;
  // A manual retry of a `failed` timestamp stays failed when it fails; one of a `queued` timestamp
  // does not cut the schedule short.
  const retryIn = manual && c.tsStatus === "failed" ? undefined : schedule[attempts];
  const done = now();
  await sqlTransaction(async (tx) => {
    await recordTimestampFailure(tx, consentId, { attempts, error, next: retryIn === undefined ? null : new Date(done.getTime() + retryIn) });
    await appendEvent(tx, consentId, "zaman_damgasi_basarisiz", SYSTEM_ORIGIN, done, { error, attempt: attempts });
  });
  return { kind: "failed", error };
}
