// The transparency log on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): every
// evidence record committed is a leaf, one rolled back is not; the stored subtrees give the root,
// inclusion and consistency proofs that an implementation written here from RFC 9162 §2.1 (the
// definitions of MTH, PATH and PROOF, and the verification algorithms of §2.1.3.2 and §2.1.4.2)
// computes and accepts; checkpoints are C2SP signed notes under the log's key.
import { createHash, randomBytes } from "node:crypto";
import { Prisma } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const database = useTestDatabase("tlog");
const { prepareDb, sqlRows, transaction } = await import("@/lib/db");
const { logSize } = await import("@/lib/db/transparency-log");
const { inclusionProof, consistencyProof } = await import("@/lib/transparency/log-proofs");
const { rootAt, signCheckpointAt, checkpointCovering } = await import("@/lib/transparency/sign-checkpoint");
const { getLogProof, getLogConsistency } = await import("@/lib/transparency/get-log-proof");
const { recordLogProof } = await import("@/lib/transparency/record-log-proof");
const { loadLogKey } = await import("@/lib/transparency/log-key");
const { noteSignedBy, parseCheckpoint, parseVerifierKey } = await import("@/lib/transparency/note");
const { verifyConsistency, verifyInclusion } = await import("@/lib/transparency/verify-proofs");

// ── RFC 9162 §2.1, written from the RFC for this test ─────────────────────────────────────────────
const H = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
const leaf = (d: Buffer) => H(Buffer.of(0), d);
const node = (l: Buffer, r: Buffer) => H(Buffer.of(1), l, r);
const kOf = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1); // largest power of 2 smaller than n
function MTH(D: Buffer[]): Buffer {
  if (D.length === 0) return H();
  if (D.length === 1) return leaf(D[0]!);
  const k = kOf(D.length);
  return node(MTH(D.slice(0, k)), MTH(D.slice(k)));
}
function PATH(m: number, D: Buffer[]): Buffer[] {
  if (D.length <= 1) return [];
  const k = kOf(D.length);
  return m < k ? [...PATH(m, D.slice(0, k)), MTH(D.slice(k))] : [...PATH(m - k, D.slice(k)), MTH(D.slice(0, k))];
}
function SUBPROOF(m: number, D: Buffer[], b: boolean): Buffer[] {
  if (m === D.length) return b ? [] : [MTH(D)];
  const k = kOf(D.length);
  return m <= k ? [...SUBPROOF(m, D.slice(0, k), b), MTH(D.slice(k))] : [...SUBPROOF(m - k, D.slice(k), false), MTH(D.slice(0, k))];
}
/** §2.1.3.2 */
function rfcVerifyInclusion(index: number, size: number, hash: Buffer, path: Buffer[], root: Buffer): boolean {
  if (index >= size) return false;
  let fn = index, sn = size - 1, r = hash;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = node(p, r);
      while (fn % 2 === 0 && fn !== 0) { fn = Math.floor(fn / 2); sn = Math.floor(sn / 2); }
    } else r = node(r, p);
    fn = Math.floor(fn / 2); sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}
/** §2.1.4.2 */
function rfcVerifyConsistency(first: number, second: number, firstHash: Buffer, secondHash: Buffer, proof: Buffer[]): boolean {
  if (first === second) return proof.length === 0 && firstHash.equals(secondHash);
  if (proof.length === 0) return false;
  const path = Number.isInteger(Math.log2(first)) ? [firstHash, ...proof] : [...proof];
  let fn = first - 1, sn = second - 1;
  while (fn % 2 === 1) { fn = Math.floor(fn / 2); sn = Math.floor(sn / 2); }
  let fr = path[0]!, sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = node(c, fr); sr = node(c, sr);
      while (fn % 2 === 0 && fn !== 0) { fn = Math.floor(fn / 2); sn = Math.floor(sn / 2); }
    } else sr = node(sr, c);
    fn = Math.floor(fn / 2); sn = Math.floor(sn / 2);
  }
  return sn === 0 && fr.equals(firstHash) && sr.equals(secondHash);
}

// ── Records ─────────────────────────────────────────────────────────────────────────────────────
const records: Buffer[] = [];
let seq = 0;
const insertEvents = (hashes: Buffer[]) =>
  Prisma.sql`INSERT INTO consent_events (consent_id, tenant_id, seq, event, at, actor, hash)
    SELECT 'c1', 'a', ${seq} + n, 'goruntulendi', '2026-11-26 10:00:00', 'system', h
    FROM unnest(${hashes.map((h) => h.toString("hex"))}::text[]) WITH ORDINALITY AS t(h, n)`;
async function append(count: number): Promise<void> {
  const hashes = Array.from({ length: count }, () => randomBytes(32));
  await sqlRows(insertEvents(hashes));
  seq += count;
  records.push(...hashes);
}

beforeAll(async () => {
  await prepareDb();
  await sqlRows(Prisma.sql`INSERT INTO tenants (id, code, name, updated_at) VALUES ('a', 'a', 'A', now())`);
  await sqlRows(Prisma.sql`INSERT INTO templates (id, tenant_id, code, title, body, updated_at) VALUES ('tpl', 'a', 'kod', 'T', 'x', now())`);
  await sqlRows(Prisma.sql`INSERT INTO template_versions (id, template_id, tenant_id, version, title, category, type, body_type, body, variables,
      wet_signature_required, content_hash) VALUES ('tv', 'tpl', 'a', 1, 'T', 'genel', 'onam', 'html', 'x', '[]', false, 'h')`);
  await sqlRows(Prisma.sql`INSERT INTO consents (id, tenant_id, template_id, template_version_id, template_code, template_version, content_sha256,
       link_token, short_code, expires_at, updated_at) VALUES ('c1', 'a', 'tpl', 'tv', 'kod', 1, 'x', 'tok', 'k1', now(), now())`);
});
afterAll(() => database.cleanup());

describe("the transparency log", () => {
  it("appends every committed record, in order, and nothing of a transaction rolled back", async () => {
    await append(1);
    expect(await logSize()).toBe(1);
    await expect(
      transaction(async (tx) => {
        await tx.$executeRaw(insertEvents([randomBytes(32)]));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await logSize()).toBe(1);
    await append(2);
    for (let i = 0; i < 14; i++) await append(i % 3 === 0 ? 5 : 1);
    expect(await logSize()).toBe(records.length);
    expect((await rootAt(records.length)).equals(MTH(records))).toBe(true);
  });

  it("roots, inclusion and consistency proofs at every size agree with RFC 9162", async () => {
    const n = records.length;
    for (let size = 1; size <= n; size++) {
      const D = records.slice(0, size);
      const root = MTH(D);
      expect((await rootAt(size)).equals(root)).toBe(true);
      for (let m = 0; m < size; m++) {
        const proof = await inclusionProof(m, size);
        expect(proof).toEqual(PATH(m, D));
        expect(rfcVerifyInclusion(m, size, leaf(D[m]!), proof, root)).toBe(true);
        expect(verifyInclusion(m, size, leaf(D[m]!), proof, root)).toBe(true);
        // GET /log/proof's one statement (lib/db/transparency-log.ts logLeafAndPath) gives the same path
        expect(await getLogProof({ hash: D[m]!.toString("hex"), size: String(size) })).toEqual({ leaf_index: m, tree_size: size, inclusion: proof.map((h) => h.toString("base64")) });
      }
      for (let first = 1; first <= size; first++) {
        const proof = await consistencyProof(first, size);
        expect(proof).toEqual(first === size ? [] : SUBPROOF(first, D, true));
        expect(rfcVerifyConsistency(first, size, MTH(records.slice(0, first)), root, proof)).toBe(true);
        expect(verifyConsistency(first, size, MTH(records.slice(0, first)), root, proof)).toBe(true);
        expect(await getLogConsistency({ first: String(first), second: String(size) })).toEqual({ consistency: proof.map((h) => h.toString("base64")) });
      }
    }
  }, 120_000);

  it("the client-side checks refuse a wrong leaf, index, size, root or path", async () => {
    const n = records.length;
    const root = MTH(records);
    const proof = await inclusionProof(3, n);
    expect(verifyInclusion(3, n, leaf(records[4]!), proof, root)).toBe(false);
    expect(verifyInclusion(4, n, leaf(records[3]!), proof, root)).toBe(false);
    // (the size only shapes the path: the checkpoint's signature is what vouches for it)
    expect(verifyInclusion(3, 3, leaf(records[3]!), proof, root)).toBe(false);
    expect(verifyInclusion(3, 4, leaf(records[3]!), proof, root)).toBe(false);
    expect(verifyInclusion(3, n, leaf(records[3]!), proof.slice(1), root)).toBe(false);
    expect(verifyInclusion(3, n, leaf(records[3]!), proof, MTH(records.slice(1)))).toBe(false);
    const consistency = await consistencyProof(5, n);
    expect(verifyConsistency(5, n, MTH(records.slice(0, 6)), root, consistency)).toBe(false);
    expect(verifyConsistency(5, n, MTH(records.slice(0, 5)), root, consistency.slice(1))).toBe(false);
  });

  it("signs C2SP checkpoints that the published key verifies, and consistent with each other", async () => {
    const key = await loadLogKey();
    const vkey = parseVerifierKey(key.verifierKey)!;
    expect(vkey.name).toBe(key.name);
    const a = await signCheckpointAt(7);
    const b = await signCheckpointAt(records.length);
    for (const c of [a, b]) {
      expect(noteSignedBy(c.note, vkey)).toBe(true);
      expect(c.note).toMatch(/^[^\n]+\/log\n\d+\n[A-Za-z0-9+/]{43}=\n\n— \S+ [A-Za-z0-9+/]+=*\n$/);
    }
    const [ca, cb] = [parseCheckpoint(a.note)!, parseCheckpoint(b.note)!];
    expect(ca.root.equals(MTH(records.slice(0, 7)))).toBe(true);
    expect(rfcVerifyConsistency(ca.size, cb.size, ca.root, cb.root, await consistencyProof(ca.size, cb.size))).toBe(true);
    // the same size signed again is the same note (Ed25519 is deterministic), kept once
    expect((await signCheckpointAt(7)).note).toBe(a.note);
    // a tampered note or another key fails
    expect(noteSignedBy(a.note.replace("\n7\n", "\n8\n"), vkey)).toBe(false);
    const other = parseVerifierKey(key.verifierKey.replace(/\+[0-9a-f]{8}\+/, "+00000000+"));
    expect(other).toBeNull();
  });

  it("a record's proof for kanit.json and the public endpoints' answers", async () => {
    const m = records.length - 2;
    const proof = await recordLogProof(records[m]!.toString("hex"));
    expect(proof.leaf_index).toBe(m);
    const cp = parseCheckpoint(proof.checkpoint)!;
    expect(cp.size).toBeGreaterThan(m);
    expect(rfcVerifyInclusion(m, cp.size, leaf(records[m]!), proof.inclusion.map((h) => Buffer.from(h, "base64")), cp.root)).toBe(true);
    // the first checkpoint that holds it, every time
    expect((await checkpointCovering(m)).note).toBe(proof.checkpoint);

    const hash = records[2]!.toString("hex");
    expect(await getLogProof({ hash, size: "9" })).toEqual({ leaf_index: 2, tree_size: 9, inclusion: PATH(2, records.slice(0, 9)).map((h) => h.toString("base64")) });
    await expect(getLogProof({ hash, size: String(records.length + 1) })).rejects.toMatchObject({ code: "not_found" });
    await expect(getLogProof({ hash: records[9]!.toString("hex"), size: "9" })).rejects.toMatchObject({ code: "not_found" });
    for (const bad of [{ hash: "zz", size: "1" }, { hash, size: "0" }, { hash, size: "1.5" }, { hash, size: "9".repeat(400) }, { hash }]) {
      await expect(getLogProof(bad)).rejects.toMatchObject({ code: "validation_failed" });
    }
    expect(await getLogConsistency({ first: "3", second: "9" })).toEqual({ consistency: SUBPROOF(3, records.slice(0, 9), true).map((h) => h.toString("base64")) });
    await expect(getLogConsistency({ first: "9", second: "3" })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(getLogConsistency({ first: "3", second: String(records.length + 1) })).rejects.toMatchObject({ code: "not_found" });
  });
});
