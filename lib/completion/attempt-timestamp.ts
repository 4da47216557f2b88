// Step "timestamp" of the completion pipeline: one attempt for a consent's document (decisions §9).
// Success records `ok` with the token; a failure schedules the next attempt, or after
// TSA_RETRY_SCHEDULE leaves `failed`. Either end of the cycle lets the pipeline announce the
// completion (lib/completion/announce-completion.ts). Only advanceCompletion calls it (a manual retry
// makes the attempt due and runs the pipeline); both writes, and their events, happen only while the
// claim is still this attempt's, so two triggers never record two tokens.
import { transaction } from "@/lib/db";
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
import { stepClaim } from "@/lib/completion/retry-schedule";

type AttemptOutcome = { kind: "ok" } | { kind: "failed"; error: string } | { kind: "skipped" };

export async function attemptTimestamp(consentId: string): Promise<AttemptOutcome> {
  const at = now();
  const claim = stepClaim("timestamp", at);
  const c = await claimTimestampAttempt(consentId, at, claim);
  if (!c) return { kind: "skipped" };

  let error: string;
  try {
    const driver = await getTsaDriver();
    if (!driver) {
      await recordTimestampingOff(consentId, claim.token);
      return { kind: "failed", error: "Zaman damgası kapalı (TSA_DRIVER=none)." };
    }
    const token = await driver.timestamp(c.documentSha256);
    const done = now();
    const recorded = await transaction(async (tx) => {
      const tokenData = { time: token.genTime, serial: token.serial, provider: driver.provider, token: new Uint8Array(token.der) };
      if ((await recordTimestamp(tx, consentId, claim.token, c.documentSha256, tokenData)) === 0) return false;
      await appendEvent(tx, consentId, "zaman_damgasi_alindi", SYSTEM_ORIGIN, done, {
        serial: token.serial,
        time: formatDateTime(token.genTime, env().APP_TIMEZONE),
        provider: driver.provider,
      });
      return true;
    });
    // The claim was taken over (its lease lapsed) or the document replaced meanwhile: nothing recorded.
    return recorded ? { kind: "ok" } : { kind: "skipped" };
  } catch (err) {
    error = err instanceof TimestampError ? err.message : "Zaman damgası alınamadı (beklenmeyen hata).";
    metrics().tsaFailures.inc();
    logger().warn({ consentId, reason: err instanceof TimestampError ? err.reason : "unexpected", err: err instanceof TimestampError ? undefined : err }, "timestamp attempt failed");
  }

  const schedule = env().TSA_RETRY_SCHEDULE;
  const attempts = c.tsAttempts + 1;
  // Past the schedule (a manual retry of a `failed` timestamp) it stays failed when it fails; a manual
  // retry of a `queued` one does not cut the schedule short.
  const retryIn = schedule[attempts];
  const done = now();
  const recorded = await transaction(async (tx) => {
    if ((await recordTimestampFailure(tx, consentId, claim.token, c.documentSha256, { attempts, error, next: retryIn === undefined ? null : new Date(done.getTime() + retryIn) })) === 0) return false;
    await appendEvent(tx, consentId, "zaman_damgasi_basarisiz", SYSTEM_ORIGIN, done, { error, attempt: attempts });
    return true;
  });
  return recorded ? { kind: "failed", error } : { kind: "skipped" };
}
