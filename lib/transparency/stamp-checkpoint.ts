// GET /log/checkpoint.tsr (decisions §20): the latest checkpoint time-stamped by the configured TSA
// (RFC 3161 over the SHA-256 of the note's text), at most once a minute. It puts a date from outside
// the service on the tree: no record it holds can have been added later.
import { now } from "@/lib/clock";
import { sha256Hex } from "@/lib/crypto";
import { latestStampedCheckpointRow, recordCheckpointStamp, checkpointRowAt, type CheckpointRow } from "@/lib/db/transparency-log";
import { logger } from "@/lib/log";
import { getTsaDriver } from "@/lib/timestamping/get-tsa-driver";
import { CHECKPOINT_INTERVAL_MS, currentCheckpoint } from "@/lib/transparency/sign-checkpoint";

/**
 * The latest time-stamped checkpoint, stamping the current one first when the last stamp is a
 * minute old and the tree has grown since. Undefined when nothing was ever stamped (TSA_DRIVER=none,
 * or the TSA has not answered yet). A TSA that does not answer leaves the last stamp served.
 */
export function stampedCheckpoint(): Promise<(CheckpointRow & { tsr: Buffer }) | undefined> {
  // One at a time per process: requests arriving together while the stamp is stale, public as the
  // route is, make one call to the TSA, not one each.
  inFlight ??= stampIfStale().finally(() => (inFlight = undefined));
  return inFlight;
}

let inFlight: Promise<(CheckpointRow & { tsr: Buffer }) | undefined> | undefined;

async function stampIfStale(): Promise<(CheckpointRow & { tsr: Buffer }) | undefined> {
  const [stamped, latest] = await Promise.all([latestStampedCheckpointRow(), currentCheckpoint()]);
  const fresh = stamped && (stamped.size >= latest.size || now().getTime() - stamped.stampedAt!.getTime() < CHECKPOINT_INTERVAL_MS);
  if (!fresh) {
    const driver = await getTsaDriver();
    if (driver) {
      try {
        const token = await driver.timestamp(sha256Hex(latest.note));
        await recordCheckpointStamp(latest.size, token.der, now());
        const row = await checkpointRowAt(latest.size);
        if (row?.tsr) return row as CheckpointRow & { tsr: Buffer };
      } catch (err) {
        logger().warn({ size: latest.size, err: err instanceof Error ? err.message : String(err) }, "log checkpoint not time-stamped");
      }
    }
  }
  return stamped as (CheckpointRow & { tsr: Buffer }) | undefined;
}
