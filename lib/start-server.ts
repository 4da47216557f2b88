// Server lifecycle: the database is owned by this process from start to graceful shutdown.
import { closeDb, prepareDb } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { DatabaseLockedError } from "@/lib/db/lock";
import { MigrationError } from "@/lib/db/migrate";
import { env, EnvError, testSettingsRefusal } from "@/lib/env";
import { logger } from "@/lib/log";
import { runFirstRun } from "@/lib/seed/first-run";
import { indexEarlierConsents } from "@/lib/consents/index-earlier-consents";
import { rekeyNationalIds } from "@/lib/consents/rekey-national-ids";
import { getSmsDriver } from "@/lib/sms/get-sms-driver";
import { getTsaDriver } from "@/lib/timestamping/get-tsa-driver";
import { checkSealSettings, prepareSeal } from "@/lib/sealing/get-seal";
import { startEmbeddedRunner, type Runner } from "@/lib/jobs/embedded-runner";
import { closeDocumentPool } from "@/lib/documents/render-document";
import { startIdleGc } from "@/lib/server/idle-gc";
import { missingInngestSettings } from "@/lib/jobs/inngest/client";

const state = globalThis as typeof globalThis & { __eonamStarted?: boolean };

export async function startServer(): Promise<void> {
  if (state.__eonamStarted) return;
  state.__eonamStarted = true;
  try {
    const e = env();
    checkSettings();
    const handle = await prepareDbWaiting();
    logger().info({ driver: handle.driver, appUrl: e.APP_URL }, "database ready");
    // The TSA too: a bad rfc3161 setup stops here, and the local authority's keys exist from the start.
    await getTsaDriver();
    // decisions §14: the local seal is issued now (a p12 seal was opened by checkSettings).
    await prepareSeal();
    await runFirstRun();
    // In the background: the server answers meanwhile, and a search meets the rows done so far.
    void indexEarlierConsents().then(
      (n) => n > 0 && logger().info({ consents: n }, "patient search: earlier consents indexed"),
      (err: unknown) => logger().warn({ err: err instanceof Error ? err.message : String(err) }, "patient search: indexing earlier consents stopped; the next start goes on"),
    );
    void rekeyNationalIds().then(
      (n) => n > 0 && logger().info({ consents: n }, "national id: earlier digests keyed per tenant"),
      (err: unknown) => logger().warn({ err: err instanceof Error ? err.message : String(err) }, "national id: rekeying earlier digests stopped; the next start goes on"),
    );
    startIdleGc();
    // decisions §16: under Inngest its executor alone drives the work (durable sleeps between
    // attempts); a runner here too would work the same rows and retry a receiver ahead of schedule.
    installShutdown(e.BACKGROUND_JOBS === "embedded" ? startEmbeddedRunner() : null);
    logger().info({ backgroundJobs: e.BACKGROUND_JOBS }, e.BACKGROUND_JOBS === "embedded" ? "in-process runner started" : "background work is driven by Inngest through /api/inngest");
  } catch (err) {
    if (isStartupError(err)) {
      // A clear message and a non-zero exit instead of a server that answers 500 to everything.
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * The settings a server cannot work with, found before it opens anything: each throws an error
 * naming the setting, which startServer turns into a message and exit code 1.
 */
function checkSettings(): void {
  const e = env();
  const refused = testSettingsRefusal(e);
  if (refused) throw new EnvError(refused);
  const missing = e.BACKGROUND_JOBS === "inngest" ? missingInngestSettings() : [];
  if (missing.length) {
    throw new EnvError(`Invalid settings: BACKGROUND_JOBS=inngest needs ${missing.join(" and ")} (or INNGEST_DEV=1 with a local Inngest dev server)`);
  }
  // A misconfigured SMS provider stops the server now rather than failing the first consent.
  getSmsDriver();
  // decisions §13: in production the driver is chosen explicitly; `file` stays allowed (staging,
  // tests), and is also what an unset SMS_DRIVER falls back to, so say it loudly rather than refuse.
  if (e.isProduction && e.SMS_DRIVER === "file") {
    logger().warn({ outbox: e.SMS_OUTBOX_PATH }, "SMS_DRIVER is file: signing links and codes are written to the outbox file, not sent");
  }
  // decisions §14: an unusable SEAL_P12_FILE stops the server here.
  checkSealSettings();
}

/** How long a starting server waits for its database (a container started before PostgreSQL, say). */
const DATABASE_WAIT_MS = 60_000;

class DatabaseUnreachableError extends Error {}

/**
 * Opens and migrates the database, waiting while it cannot be reached yet (retried after 1, 2, 4, 8,
 * then every 10 s); past DATABASE_WAIT_MS the server stops with a clear message, so that its
 * supervisor restarts it, rather than answering 500 to every request once the database is back.
 */
async function prepareDbWaiting(): ReturnType<typeof prepareDb> {
  const deadline = Date.now() + DATABASE_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await prepareDb();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      const wait = Math.min(1000 * 2 ** attempt, 10_000);
      if (Date.now() + wait > deadline) {
        throw new DatabaseUnreachableError(`The database cannot be reached (${reason}); it did not answer within ${DATABASE_WAIT_MS / 1000} s. Check DATABASE_URL and that PostgreSQL is running.`);
      }
      logger().warn({ err: reason, retryInMs: wait }, "database not reachable yet; waiting");
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Errors an operator fixes by changing a setting or stopping another process. */
function isStartupError(err: unknown): err is Error {
  return (
    err instanceof EnvError ||
    err instanceof DatabaseUnreachableError ||
    err instanceof DatabaseLockedError ||
    err instanceof MigrationError ||
    (err instanceof Error && err.message.startsWith("Invalid settings"))
  );
}

function installShutdown(runner: Runner | null): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger().info({ signal }, "shutting down");
    // Next's own handler (disabled by NEXT_MANUAL_SIG_HANDLE) would exit before PGlite is closed.
    (runner?.stop() ?? Promise.resolve())
      .then(() => closeDocumentPool())
      .then(() => closeDb())
      .catch((err: unknown) => logger().error({ err }, "error while closing the database"))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
