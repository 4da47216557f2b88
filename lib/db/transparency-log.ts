// The transparency log (decisions §20): its size, its stored subtree hashes and its signed
// checkpoints. Appends are not here: a deferred trigger on consent_events appends every record at
// the commit of the transaction that writes it (migration 20261126150000_transparency_log).
// Hashes cross the driver as hex (PGlite and pg return bytea differently); sizes as float8 (int8
// comes back as a string or a bigint depending on the driver; sizes stay below 2^53).
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";

/** A stored complete subtree, by level and index (lib/transparency/merkle.ts composes them into proofs;
 *  declared here so that lib/db imports no domain). */
export interface NodeRef {
  level: number;
  idx: number;
}

/** The number of leaves committed. */
export async function logSize(): Promise<number> {
  const [row] = await sqlRows<{ size: number }>(Prisma.sql`SELECT size::float8 AS size FROM log_head WHERE id = 1`);
  return row?.size ?? 0;
}

/** The hashes of these complete subtrees, keyed "level:idx", in one statement. */
export async function logNodeHashes(refs: readonly NodeRef[]): Promise<Map<string, Buffer>> {
  if (refs.length === 0) return new Map();
  const rows = await sqlRows<{ key: string; hash: string }>(Prisma.sql`
    SELECT n.level || ':' || n.idx AS key, encode(n.hash, 'hex') AS hash
    FROM unnest(${refs.map((r) => r.level)}::int[], ${refs.map((r) => String(r.idx))}::bigint[]) AS want(level, idx)
    JOIN log_nodes n ON n.level = want.level AND n.idx = want.idx`);
  return new Map(rows.map((r) => [r.key, Buffer.from(r.hash, "hex")]));
}

/** The first leaf below `size` whose hash is this one (hex), or null. */
export async function leafIndexOf(leafHashHex: string, size: number): Promise<number | null> {
  const [row] = await sqlRows<{ idx: number }>(Prisma.sql`
    SELECT idx::float8 AS idx FROM log_nodes
    WHERE level = 0 AND hash = decode(${leafHashHex}, 'hex') AND idx < ${size}::bigint
    ORDER BY idx LIMIT 1`);
  return row?.idx ?? null;
}

const nodeMap = (text: string | null): Map<string, Buffer> =>
  new Map((text ? text.split(",") : []).map((entry) => {
    const [level, idx, hash] = entry.split(":") as [string, string, string];
    return [`${level}:${idx}`, Buffer.from(hash, "hex")];
  }));

/**
 * GET /log/proof in one statement: the log's size, the first leaf below `size` (and the log's size)
 * with this hash (hex), and the stored subtrees its audit path in the tree of `size` is made of. Those
 * are, at each level l, the sibling (l, (index >> l) XOR 1) of the leaf's ancestor, or, where that
 * sibling is cut off by `size`, the complete subtrees (l', (size >> l') - 1) of the tree's right edge:
 * at most 2·63 keys, looked up by primary key; the caller composes the path (lib/transparency/merkle.ts).
 */
export async function logLeafAndPath(leafHashHex: string, size: number): Promise<{ logSize: number; index: number | null; nodes: Map<string, Buffer> }> {
  const [row] = await sqlRows<{ logSize: number; index: number | null; nodes: string | null }>(Prisma.sql`
    WITH h AS (SELECT size FROM log_head WHERE id = 1),
    leaf AS (
      SELECT n.idx FROM log_nodes n, h
      WHERE n.level = 0 AND n.hash = decode(${leafHashHex}, 'hex') AND n.idx < LEAST(${size}::bigint, h.size)
      ORDER BY n.idx LIMIT 1),
    want AS (
      SELECT l::smallint AS level, (leaf.idx >> l) # 1::bigint AS idx FROM leaf, generate_series(0, 62) AS l WHERE (1::bigint << l) < ${size}::bigint
      UNION
      SELECT l::smallint, (${size}::bigint >> l) - 1 FROM leaf, generate_series(0, 62) AS l WHERE (${size}::bigint >> l) > 0)
    SELECT h.size::float8 AS "logSize", (SELECT idx::float8 FROM leaf) AS index,
      (SELECT string_agg(n.level || ':' || n.idx || ':' || encode(n.hash, 'hex'), ',') FROM want JOIN log_nodes n ON n.level = want.level AND n.idx = want.idx) AS nodes
    FROM h`);
  return row ? { logSize: row.logSize, index: row.index, nodes: nodeMap(row.nodes) } : { logSize: 0, index: null, nodes: new Map() };
}

/** GET /log/consistency in one statement: the log's size and the hashes of these complete subtrees. */
export async function logSizeAndNodes(refs: readonly NodeRef[]): Promise<{ logSize: number; nodes: Map<string, Buffer> }> {
  const [row] = await sqlRows<{ logSize: number; nodes: string | null }>(Prisma.sql`
    SELECT h.size::float8 AS "logSize",
      (SELECT string_agg(n.level || ':' || n.idx || ':' || encode(n.hash, 'hex'), ',')
       FROM unnest(${refs.map((r) => r.level)}::int[], ${refs.map((r) => String(r.idx))}::bigint[]) AS want(level, idx)
       JOIN log_nodes n ON n.level = want.level AND n.idx = want.idx) AS nodes
    FROM log_head h WHERE h.id = 1`);
  return row ? { logSize: row.logSize, nodes: nodeMap(row.nodes) } : { logSize: 0, nodes: new Map() };
}

export interface CheckpointRow {
  size: number;
  note: string;
  signedAt: Date;
  /** the RFC 3161 TimeStampResp over SHA-256(note), when this one was time-stamped */
  tsr: Buffer | null;
  stampedAt: Date | null;
}

const checkpointColumns = Prisma.sql`size::float8 AS size, note, signed_at AS "signedAt", encode(tsr, 'base64') AS tsr, stamped_at AS "stampedAt"`;
type RawCheckpoint = Omit<CheckpointRow, "tsr"> & { tsr: string | null };
const toRow = (r: RawCheckpoint | undefined): CheckpointRow | undefined => r && { ...r, tsr: r.tsr === null ? null : Buffer.from(r.tsr, "base64") };

export async function latestCheckpointRow(): Promise<CheckpointRow | undefined> {
  const [row] = await sqlRows<RawCheckpoint>(Prisma.sql`SELECT ${checkpointColumns} FROM log_checkpoints ORDER BY size DESC LIMIT 1`);
  return toRow(row);
}

export async function checkpointRowAt(size: number): Promise<CheckpointRow | undefined> {
  const [row] = await sqlRows<RawCheckpoint>(Prisma.sql`SELECT ${checkpointColumns} FROM log_checkpoints WHERE size = ${size}::bigint`);
  return toRow(row);
}

/** The smallest checkpoint that holds the leaf at `index`: the same one for every later call. */
export async function firstCheckpointCovering(index: number): Promise<CheckpointRow | undefined> {
  const [row] = await sqlRows<RawCheckpoint>(
    Prisma.sql`SELECT ${checkpointColumns} FROM log_checkpoints WHERE size > ${index}::bigint ORDER BY size LIMIT 1`,
  );
  return toRow(row);
}

export async function latestStampedCheckpointRow(): Promise<CheckpointRow | undefined> {
  const [row] = await sqlRows<RawCheckpoint>(
    Prisma.sql`SELECT ${checkpointColumns} FROM log_checkpoints WHERE tsr IS NOT NULL ORDER BY stamped_at DESC, size DESC LIMIT 1`,
  );
  return toRow(row);
}

/** Stores a signed checkpoint; one already stored at that size stays (its note is the same). */
export async function insertCheckpoint(size: number, rootHex: string, note: string, signedAt: Date): Promise<CheckpointRow> {
  await sqlRows(Prisma.sql`
    INSERT INTO log_checkpoints (size, root_hash, note, signed_at) VALUES (${size}::bigint, decode(${rootHex}, 'hex'), ${note}, ${signedAt})
    ON CONFLICT (size) DO NOTHING`);
  return (await checkpointRowAt(size))!;
}

/** Keeps the first time-stamp of a checkpoint: another instance's, made meanwhile, wins. */
export async function recordCheckpointStamp(size: number, tsr: Buffer, at: Date): Promise<void> {
  await sqlRows(Prisma.sql`
    UPDATE log_checkpoints SET tsr = decode(${tsr.toString("base64")}, 'base64'), stamped_at = ${at}
    WHERE size = ${size}::bigint AND tsr IS NULL`);
}

/** The hash of a consent's last evidence record (kept after a kurum purge), or null. */
export async function consentChainHead(consentId: string): Promise<string | null> {
  const [row] = await sqlRows<{ head: string | null }>(Prisma.sql`SELECT chain_head AS head FROM consents WHERE id = ${consentId}`);
  return row?.head ?? null;
}
