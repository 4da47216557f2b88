// One timestamp attempt for a consent's document (decisions §9): success records `ok` with the
// token; a failure schedules the next attempt, or after TSA_RETRY_SCHEDULE leaves `failed`. The end
// of the first cycle, either way, announces consent.completed.
import { Prisma } from "@prisma/client";
import { db, sqlTransaction } from "@/lib/db";
import { claimTimestampAttempt, updateConsent } from "@/lib/db/hot-queries";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { formatDateTime } from "@/lib/time";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { announceCompletion } from "@/lib/consents/announce-completion";
import { getTsaDriver } from "@/lib/timestamping/get-tsa-driver";
import { TimestampError } from "@/lib/timestamping/tsa-types";
import { announceDeliveries } from "@/lib/jobs/announce";

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
      await db().consent.update({ where: { id: consentId }, data: { tsStatus: "none", tsNextAttemptAt: null } });
      return { kind: "failed", error: "Zaman damgası kapalı (TSA_DRIVER=none)." };
    }
    const token = await driver.timestamp(c.documentSha256);
    const done = now();
    await sqlTransaction(async (tx) => {
      await updateConsent(tx, consentId, {
        tsStatus: "ok",
        tsTime: token.genTime,
        tsSerial: token.serial,
        tsProvider: driver.provider,
        tsToken: new Uint8Array(token.der),
        tsError: "",
        tsAttempts: Prisma.sql`ts_attempts + 1`,
        tsNextAttemptAt: null,
      });
      await appendEvent(tx, consentId, "zaman_damgasi_alindi", SYSTEM_ORIGIN, done, {
        serial: token.serial,
        time: formatDateTime(token.genTime, env().APP_TIMEZONE),
        provider: driver.provider,
      });
      await announceCompletion(tx, c.tenantId, consentId, done);
    });
    await announceDeliveries(c.tenantId);
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
    await updateConsent(tx, consentId, {
      tsAttempts: attempts,
      tsError: error,
      tsStatus: retryIn === undefined ? "failed" : "queued",
      tsNextAttemptAt: retryIn === undefined ? null : new Date(done.getTime() + retryIn),
    });
    await appendEvent(tx, consentId, "zaman_damgasi_basarisiz", SYSTEM_ORIGIN, done, { error, attempt: attempts });
    if (retryIn === undefined) await announceCompletion(tx, c.tenantId, consentId, done);
  });
  if (retryIn === undefined) await announceDeliveries(c.tenantId);
  return { kind: "failed", error };
}

/** The runner's job: attempts whose time has come. */
export async function attemptDueTimestamps(batch = 20): Promise<number> {
  const due = await db().consent.findMany({
    where: { tsStatus: "queued", tsNextAttemptAt: { lte: now() } },
    select: { id: true },
    orderBy: { tsNextAttemptAt: "asc" },
    take: batch,
  });
  for (const c of due) await attemptTimestamp(c.id);
  return due.length;
}
