// A record's place in the log, for what carries it away from the service: kanit.json's `log`
// (decisions §20: the inclusion proof of its last record against the checkpoint embedded beside it)
// and the public verify page ("recorded in the public log at position N; checkpoint signed at …").
import { leafIndexOf } from "@/lib/db/transparency-log";
import { leafHash } from "@/lib/transparency/merkle";
import { inclusionProof } from "@/lib/transparency/log-proofs";
import { checkpointCovering } from "@/lib/transparency/sign-checkpoint";
import type { CheckpointRow } from "@/lib/db/transparency-log";

export interface KanitLog {
  /** the signed note, verbatim */
  checkpoint: string;
  leaf_index: number;
  /** the audit path, base64 hashes */
  inclusion: string[];
}

async function placeOf(recordHash: string): Promise<{ index: number; checkpoint: CheckpointRow } | null> {
  const index = await leafIndexOf(leafHash(Buffer.from(recordHash, "hex")).toString("hex"), Number.MAX_SAFE_INTEGER);
  return index === null ? null : { index, checkpoint: await checkpointCovering(index) };
}

/** kanit.json's `log` for a committed record (every committed record is in the log). */
export async function recordLogProof(recordHash: string): Promise<KanitLog> {
  const place = await placeOf(recordHash);
  if (!place) throw new Error("the record is not in the transparency log");
  const inclusion = await inclusionProof(place.index, place.checkpoint.size);
  return { checkpoint: place.checkpoint.note, leaf_index: place.index, inclusion: inclusion.map((h) => h.toString("base64")) };
}

/** Where a record stands in the log and when the first checkpoint holding it was signed; null for an unknown hash. */
export async function recordLogPosition(recordHash: string): Promise<{ leaf_index: number; tree_size: number; signed_at: Date } | null> {
  const place = await placeOf(recordHash);
  return place && { leaf_index: place.index, tree_size: place.checkpoint.size, signed_at: place.checkpoint.signedAt };
}
