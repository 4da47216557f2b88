// Signed checkpoints of the log (decisions §20): one when a document is produced (covering its
// records), and at least once a minute while the tree grows. The tree only grows, so any two
// checkpoints are consistent by construction; each is kept, by size, for those who hold it.
import { now } from "@/lib/clock";
import { firstCheckpointCovering, insertCheckpoint, latestCheckpointRow, logNodeHashes, logSize, type CheckpointRow } from "@/lib/db/transparency-log";
import { loadLogKey } from "@/lib/transparency/log-key";
import { EMPTY_ROOT, rangeHash, rangeNodes } from "@/lib/transparency/merkle";
import { signCheckpoint } from "@/lib/transparency/note";

/** How old the latest checkpoint may be while the tree has grown past it. */
export const CHECKPOINT_INTERVAL_MS = 60_000;

/** The root of the tree's first `size` leaves: O(log n) stored subtrees, one statement. */
export async function rootAt(size: number): Promise<Buffer> {
  if (size === 0) return EMPTY_ROOT;
  const range = { start: 0, end: size };
  return rangeHash(range, await logNodeHashes(rangeNodes(range)));
}

/** Signs (and keeps) the checkpoint of the tree's first `size` leaves. */
export async function signCheckpointAt(size: number): Promise<CheckpointRow> {
  const key = await loadLogKey();
  const root = await rootAt(size);
  const note = signCheckpoint({ origin: key.name, size, root }, key.name, key.privateKey);
  return insertCheckpoint(size, root.toString("hex"), note, now());
}

/** The latest checkpoint, signed anew when the tree grew and the last one is a minute old (or there is none). */
export async function currentCheckpoint(): Promise<CheckpointRow> {
  const [latest, size] = await Promise.all([latestCheckpointRow(), logSize()]);
  if (latest && (latest.size >= size || now().getTime() - latest.signedAt.getTime() < CHECKPOINT_INTERVAL_MS)) return latest;
  return signCheckpointAt(size);
}

/**
 * The checkpoint a document carries for its leaf at `index`: the first one that holds it, signed now
 * if none does yet. The same for every later call, so a document rendered again carries the same.
 */
export async function checkpointCovering(index: number): Promise<CheckpointRow> {
  return (await firstCheckpointCovering(index)) ?? signCheckpointAt(await logSize());
}
