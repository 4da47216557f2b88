// The evidence hash chain (decisions §6): each record's hash is the SHA-256 of the RFC 8785 (JCS)
// canonical JSON of the record without its `hash` member; prev_hash links it to the one before.
import canonicalize from "canonicalize";
import { sha256Hex } from "@/lib/crypto";
import type { EvidenceRecord } from "@/lib/contract/enums";

export type { EvidenceRecord };

export function hashRecord(record: Omit<EvidenceRecord, "hash">): string {
  const { seq, event, at, ip, user_agent, actor, data, prev_hash } = record;
  return sha256Hex(canonicalize({ seq, event, at, ip, user_agent, actor, data, prev_hash })!);
}

export interface ChainVerdict {
  ok: boolean;
  count: number;
  /** the last record's hash */
  head: string | null;
  /** seq of the first record that does not verify */
  broken_at?: number;
}

/** Recomputes the whole chain: consecutive seq from 1, each prev_hash and each hash. */
export function verifyChain(records: readonly EvidenceRecord[]): ChainVerdict {
  let prev: string | null = null;
  for (const [i, r] of records.entries()) {
    const { hash, ...rest } = r;
    if (r.seq !== i + 1 || r.prev_hash !== prev || hashRecord(rest) !== hash) {
      return { ok: false, count: records.length, head: records.at(-1)?.hash ?? null, broken_at: r.seq };
    }
    prev = hash;
  }
  return { ok: true, count: records.length, head: prev };
}
