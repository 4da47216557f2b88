// Checking the log's proofs as a client does (RFC 9162 §2.1.3.2 and §2.1.4.2, step by step): what
// the offline verifier runs on the proof in kanit.json. Sizes stay below 2^53, so halving is division.
import { nodeHash } from "@/lib/transparency/merkle";

const odd = (x: number) => x % 2 === 1;
const half = (x: number) => Math.floor(x / 2);

/** The root that an inclusion proof of `leaf` (a leaf hash) at `index` in a tree of `size` leads to, or null. */
function rootFromInclusionProof(index: number, size: number, leaf: Buffer, path: readonly Buffer[]): Buffer | null {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? r : null;
}

export function verifyInclusion(index: number, size: number, leaf: Buffer, path: readonly Buffer[], root: Buffer): boolean {
  return rootFromInclusionProof(index, size, leaf, path)?.equals(root) ?? false;
}

/** RFC 9162 §2.1.4.2: does `path` prove that the tree of `first` leaves is a prefix of the one of `second`? */
export function verifyConsistency(first: number, second: number, firstRoot: Buffer, secondRoot: Buffer, path: readonly Buffer[]): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || first > second) return false;
  if (first === second) return path.length === 0 && firstRoot.equals(secondRoot);
  if (path.length === 0) return false;
  const proof = isPowerOfTwo(first) ? [firstRoot, ...path] : path;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = proof[0]!;
  let sr = proof[0]!;
  for (const c of proof.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && fr.equals(firstRoot) && sr.equals(secondRoot);
}

function isPowerOfTwo(x: number): boolean {
  while (x > 1 && x % 2 === 0) x /= 2;
  return x === 1;
}
