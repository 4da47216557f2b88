// For the transparency log's tests, written from the standards rather than from lib/transparency:
// RFC 9162 §2.1.3.2 and §2.1.4.2 (verifying inclusion and consistency), C2SP signed-note (the key
// id, the signature line) and tlog-checkpoint (the body); and a PDF whose kanit.json was rewritten.
import { createHash, createPublicKey, verify } from "node:crypto";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, PDFArray } from "pdf-lib";
import { ROOT } from "./server";

const H = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
const node = (l: Buffer, r: Buffer) => H(Buffer.of(1), l, r);
export const leafOf = (recordHashHex: string) => H(Buffer.of(0), Buffer.from(recordHashHex, "hex"));
const half = (x: number) => Math.floor(x / 2);

export function rfcInclusion(index: number, size: number, leaf: Buffer, path: Buffer[], root: Buffer): boolean {
  if (index >= size) return false;
  let fn = index, sn = size - 1, r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = node(p, r);
      while (fn % 2 === 0 && fn !== 0) { fn = half(fn); sn = half(sn); }
    } else r = node(r, p);
    fn = half(fn); sn = half(sn);
  }
  return sn === 0 && r.equals(root);
}

export function rfcConsistency(first: number, second: number, firstRoot: Buffer, secondRoot: Buffer, proof: Buffer[]): boolean {
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  if (proof.length === 0) return false;
  const path = Number.isInteger(Math.log2(first)) ? [firstRoot, ...proof] : proof;
  let fn = first - 1, sn = second - 1;
  while (fn % 2 === 1) { fn = half(fn); sn = half(sn); }
  let fr = path[0]!, sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = node(c, fr); sr = node(c, sr);
      while (fn % 2 === 0 && fn !== 0) { fn = half(fn); sn = half(sn); }
    } else sr = node(sr, c);
    fn = half(fn); sn = half(sn);
  }
  return sn === 0 && fr.equals(firstRoot) && sr.equals(secondRoot);
}

export interface Note { origin: string; size: number; root: Buffer; text: string; signatures: { name: string; blob: Buffer }[] }

export function parseNote(note: string): Note {
  const [text, sigs] = note.split("\n\n") as [string, string];
  const [origin, size, root] = text.split("\n") as [string, string, string];
  return {
    origin, size: Number(size), root: Buffer.from(root, "base64"), text: `${text}\n`,
    signatures: sigs.trimEnd().split("\n").map((l) => { const [, name, b64] = /^— (\S+) (\S+)$/.exec(l)!; return { name: name!, blob: Buffer.from(b64!, "base64") }; }),
  };
}

/** C2SP signed-note: the key "<name>+<hex id>+<base64(0x01 || key)>" and one of the note's signatures by it. */
export function noteVerifies(note: string, vkey: string): boolean {
  const [name, idHex, b64] = [vkey.slice(0, vkey.indexOf("+")), vkey.split("+")[1]!, vkey.split("+").slice(2).join("+")];
  const key = Buffer.from(b64, "base64");
  const id = H(Buffer.from(`${name}\n`), key).subarray(0, 4);
  if (key[0] !== 1 || id.toString("hex") !== idHex) return false;
  const spki = createPublicKey({ key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), key.subarray(1)]), format: "der", type: "spki" });
  const n = parseNote(note);
  return n.signatures.some((s) => s.name === name && s.blob.subarray(0, 4).equals(id) && verify(null, Buffer.from(n.text), spki, s.blob.subarray(4)));
}

/** The PDF rewritten (as any tool would, without the seal's key) with kanit.json replaced. */
export async function withKanit(pdf: Buffer, change: (kanit: Record<string, unknown>) => unknown): Promise<Buffer> {
  const doc = await PDFDocument.load(new Uint8Array(pdf), { updateMetadata: false });
  const tree = doc.catalog.lookup(PDFName.of("Names"), PDFDict).lookup(PDFName.of("EmbeddedFiles"), PDFDict);
  const spec = tree.lookup(PDFName.of("Names"), PDFArray).lookup(1, PDFDict);
  const ef = spec.lookup(PDFName.of("EF"), PDFDict);
  const ref = ef.get(PDFName.of("F"));
  const old = doc.context.lookup(ref);
  if (!(old instanceof PDFRawStream)) throw new Error("kanit.json is not a stream");
  const kanit = JSON.parse(Buffer.from(decodePDFRawStream(old).decode()).toString("utf8")) as Record<string, unknown>;
  doc.context.assign(ref as never, doc.context.flateStream(Buffer.from(JSON.stringify(change(kanit))), { Type: "EmbeddedFile", Subtype: "application/json" }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Runs the project's bin as an integrator would: `npx e-onam-verify …`, from another directory. */
export const binPath = path.join(ROOT, "bin", "e-onam-verify.mjs");

/**
 * The verifier as a user starts it: `npx e-onam-verify` (the package's bin) when `npx` is asked for,
 * else that bin file run by node directly — the same program without npm's start-up, which two test
 * passes running side by side on a busy machine pay for every call.
 */
export function eOnamVerify(args: string[], options: { cwd?: string; npx?: boolean } = {}): { status: number | null; out: string } {
  const [cmd, pre] = options.npx ? ["npx", ["--no-install", "e-onam-verify"]] : [process.execPath, [binPath]];
  const r = spawnSync(cmd, [...pre, ...args], { cwd: options.cwd ?? ROOT, encoding: "utf8", timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}${r.error ? `\n(${r.error.message})` : ""}` };
}

/** RFC 9162 §2.1.1 MTH over leaf hashes (already SHA-256(0x00 ‖ input)). */
export function mthOfLeaves(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return H();
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return node(mthOfLeaves(leaves.slice(0, k)), mthOfLeaves(leaves.slice(k)));
}
