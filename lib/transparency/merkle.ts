// The Merkle tree of the transparency log (decisions §20, RFC 9162 §2.1): hashing, and which stored
// complete subtrees make up an inclusion or a consistency proof. The log keeps the hash of every
// complete subtree (level k, index i: leaves i·2^k … (i+1)·2^k − 1), written once when its last leaf
// is appended; a proof names O(log n) of them, read in one statement (lib/db/transparency-log.ts).
import { createHash } from "node:crypto";

export const leafHash = (input: Buffer): Buffer => createHash("sha256").update(Buffer.of(0)).update(input).digest();
export const nodeHash = (left: Buffer, right: Buffer): Buffer => createHash("sha256").update(Buffer.of(1)).update(left).update(right).digest();
export const EMPTY_ROOT = createHash("sha256").digest();

/** A stored complete subtree. */
export interface NodeRef {
  level: number;
  idx: number;
}

/** A range of leaves [start, end) whose Merkle tree hash (MTH) a proof carries. */
export interface Range {
  start: number;
  end: number;
}

/** The largest power of two smaller than n (n > 1): RFC 9162's split point k. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The complete subtrees whose hashes, folded from the right, give MTH(D[start:end]). Every range the
 * RFC's recursion produces starts at a multiple of a power of two at least its length, so its binary
 * decomposition, largest part first, is made of aligned complete subtrees.
 */
export function rangeNodes({ start, end }: Range): NodeRef[] {
  const parts: NodeRef[] = [];
  let pos = start;
  let top = 0;
  while (2 ** (top + 1) <= end - start) top++;
  for (let level = top; pos < end; level--) {
    const size = 2 ** level;
    if (pos + size <= end) {
      parts.push({ level, idx: pos / size });
      pos += size;
    }
  }
  return parts;
}

/** RFC 9162 §2.1.3.1 PATH(m, D[0:n]) as the ranges whose hashes it lists, leaf first. */
export function inclusionRanges(m: number, n: number): Range[] {
  const path: Range[] = [];
  let start = 0;
  let end = n;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m - start < k) {
      path.push({ start: start + k, end });
      end = start + k;
    } else {
      path.push({ start, end: start + k });
      start += k;
    }
  }
  return path.reverse();
}

/** RFC 9162 §2.1.4.1 PROOF(m, D[0:n]) = SUBPROOF(m, D[0:n], true), as ranges, in proof order. */
export function consistencyRanges(m: number, n: number): Range[] {
  if (m <= 0 || m >= n) return [];
  const out: Range[] = [];
  const sub = (m2: number, start: number, end: number, b: boolean): void => {
    if (m2 === end - start) {
      if (!b) out.push({ start, end });
      return;
    }
    const k = splitPoint(end - start);
    if (m2 <= k) {
      sub(m2, start, start + k, b);
      out.push({ start: start + k, end });
    } else {
      sub(m2 - k, start + k, end, false);
      out.push({ start, end: start + k });
    }
  };
  sub(m, 0, n, true);
  return out;
}

const nodeKey = (n: NodeRef): string => `${n.level}:${n.idx}`;

/** MTH of a range from the stored subtree hashes (keyed by nodeKey). */
export function rangeHash(range: Range, nodes: ReadonlyMap<string, Buffer>): Buffer {
  const parts = rangeNodes(range).map((n) => {
    const h = nodes.get(nodeKey(n));
    if (!h) throw new Error(`log node ${nodeKey(n)} is missing`);
    return h;
  });
  return parts.reduceRight((right, left) => nodeHash(left, right));
}

/** Every stored subtree the ranges need, each once. */
export function nodesOf(ranges: readonly Range[]): NodeRef[] {
  const seen = new Map<string, NodeRef>();
  for (const r of ranges) for (const n of rangeNodes(r)) seen.set(nodeKey(n), n);
  return [...seen.values()];
}
