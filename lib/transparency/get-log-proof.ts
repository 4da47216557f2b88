// GET /log/proof and GET /log/consistency (decisions §20): proofs anyone may ask for, no credentials.
import { z } from "zod";
import type { LogConsistency, LogProof } from "@/lib/contract/response-shapes";
import { logLeafAndPath, logSizeAndNodes } from "@/lib/db/transparency-log";
import { AppError, parseOrThrow } from "@/lib/errors";
import { consistencyRanges, inclusionRanges, leafHash, nodesOf, rangeHash } from "@/lib/transparency/merkle";

// Sizes are bounded by what a tree of this log can hold (2^53: exact in a double, and in bigint).
const size = z.coerce.number({ error: "bir tam sayı olmalı" }).int("bir tam sayı olmalı").min(1, "en az 1 olmalı").max(Number.MAX_SAFE_INTEGER, "çok büyük");
const proofQuery = z.object({
  hash: z
    .string({ error: "zorunlu" })
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/, "64 karakterlik bir SHA-256 özeti (hex) olmalı")),
  size,
});
const consistencyQuery = z.object({ first: size, second: size }).refine((q) => q.first <= q.second, {
  path: ["first"],
  message: "second'dan büyük olamaz",
});

const beyond = () => new AppError("not_found", "Kayıt defteri bu büyüklüğe ulaşmadı.");
const b64 = (hashes: Buffer[]) => hashes.map((h) => h.toString("base64"));

// Each answer is one statement (the size check, the leaf and the O(log n) stored subtrees together),
// composed here: a proof at 10 M leaves reads ~46 rows by primary key.
export async function getLogProof(query: unknown): Promise<LogProof> {
  const q = parseOrThrow(proofQuery, query);
  const { logSize, index, nodes } = await logLeafAndPath(leafHash(Buffer.from(q.hash, "hex")).toString("hex"), q.size);
  if (q.size > logSize) throw beyond();
  if (index === null) throw new AppError("not_found", "Bu özet, kayıt defterinin bu büyüklüğünde yok.");
  return { leaf_index: index, tree_size: q.size, inclusion: b64(inclusionRanges(index, q.size).map((r) => rangeHash(r, nodes))) };
}

export async function getLogConsistency(query: unknown): Promise<LogConsistency> {
  const q = parseOrThrow(consistencyQuery, query);
  const ranges = consistencyRanges(q.first, q.second);
  const { logSize, nodes } = await logSizeAndNodes(nodesOf(ranges));
  if (q.second > logSize) throw beyond();
  return { consistency: b64(ranges.map((r) => rangeHash(r, nodes))) };
}
