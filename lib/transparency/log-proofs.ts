// Inclusion and consistency proofs (RFC 9162 §2.1.3.1, §2.1.4.1) from the stored subtrees: the
// ranges a proof names, their O(log n) nodes read in one statement, each range's hash composed.
import { logNodeHashes } from "@/lib/db/transparency-log";
import { consistencyRanges, inclusionRanges, nodesOf, rangeHash, type Range } from "@/lib/transparency/merkle";

async function hashesOf(ranges: Range[]): Promise<Buffer[]> {
  const nodes = await logNodeHashes(nodesOf(ranges));
  return ranges.map((r) => rangeHash(r, nodes));
}

/** The audit path of the leaf at `index` in the tree of `size` leaves (index < size ≤ the log's size). */
export function inclusionProof(index: number, size: number): Promise<Buffer[]> {
  return hashesOf(inclusionRanges(index, size));
}

/** The proof that the tree of `first` leaves is a prefix of the tree of `second` (first ≤ second ≤ the log's size). */
export function consistencyProof(first: number, second: number): Promise<Buffer[]> {
  return hashesOf(consistencyRanges(first, second));
}
