// Checkpoints as C2SP signed notes (decisions §20; c2sp.org/tlog-checkpoint, c2sp.org/signed-note):
// the text "<origin>\n<size>\n<base64 root>\n", a blank line, and one line per signature
// "— <key name> <base64(key id || Ed25519 signature over the text)>". The key id is the first 4 bytes
// of SHA-256(name || "\n" || 0x01 || public key); the verifier key is "<name>+<key id hex>+<base64(0x01 || public key)>".
import { createHash, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

const ED25519 = 0x01;
// The 12-byte DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410), before the 32 key bytes.
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

export interface Checkpoint {
  origin: string;
  size: number;
  root: Buffer;
}

function checkpointText(c: Checkpoint): string {
  return `${c.origin}\n${c.size}\n${c.root.toString("base64")}\n`;
}

/** The 32 raw bytes of an Ed25519 public key. */
export function rawPublicKey(key: KeyObject): Buffer {
  const der = key.export({ type: "spki", format: "der" });
  return der.subarray(der.length - 32);
}

export function keyId(name: string, publicKey: Buffer): Buffer {
  return createHash("sha256").update(`${name}\n`).update(Buffer.of(ED25519)).update(publicKey).digest().subarray(0, 4);
}

export function verifierKey(name: string, publicKey: Buffer): string {
  return `${name}+${keyId(name, publicKey).toString("hex")}+${Buffer.concat([Buffer.of(ED25519), publicKey]).toString("base64")}`;
}

/** A C2SP signed note: `text` (ending with a newline, no blank line in it) signed with the log's key under `name`. */
export function signNote(text: string, name: string, privateKey: KeyObject): string {
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  const sig = sign(null, Buffer.from(text), privateKey);
  return `${text}\n— ${name} ${Buffer.concat([keyId(name, publicKey), sig]).toString("base64")}\n`;
}

/** The note: the checkpoint's text signed with the log's key under `name`. */
export function signCheckpoint(c: Checkpoint, name: string, privateKey: KeyObject): string {
  return signNote(checkpointText(c), name, privateKey);
}

export interface ParsedVerifierKey {
  name: string;
  id: Buffer;
  publicKey: Buffer;
}

export function parseVerifierKey(vkey: string): ParsedVerifierKey | null {
  // The base64 key may itself hold "+": the name and the id end at the first two.
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey.trim());
  if (!m) return null;
  const [, name, idHex, keyB64] = m as unknown as [string, string, string, string];
  const key = Buffer.from(keyB64, "base64");
  if (!name || /\s/.test(name) || !/^[0-9a-f]{8}$/.test(idHex) || key.length !== 33 || key[0] !== ED25519) return null;
  const publicKey = key.subarray(1);
  if (!keyId(name, publicKey).equals(Buffer.from(idHex, "hex"))) return null;
  return { name, id: Buffer.from(idHex, "hex"), publicKey };
}

/** The checkpoint a note carries, if its text is one (signatures not checked). */
export function parseCheckpoint(note: string): Checkpoint | null {
  const end = note.indexOf("\n\n");
  if (end < 0) return null;
  const lines = note.slice(0, end).split("\n");
  if (lines.length < 3) return null;
  const [origin, sizeText, rootText] = lines as [string, string, string];
  const root = Buffer.from(rootText, "base64");
  if (!origin || !/^(0|[1-9][0-9]{0,15})$/.test(sizeText) || root.length !== 32 || root.toString("base64") !== rootText) return null;
  const size = Number(sizeText);
  return Number.isSafeInteger(size) ? { origin, size, root } : null;
}

/** True when the note carries a valid signature by this key (other signers' lines are ignored). */
export function noteSignedBy(note: string, key: ParsedVerifierKey): boolean {
  const end = note.indexOf("\n\n");
  if (end < 0 || !note.endsWith("\n")) return false;
  const text = note.slice(0, end + 1);
  const spki = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, key.publicKey]), format: "der", type: "spki" });
  for (const line of note.slice(end + 2, -1).split("\n")) {
    const m = /^— (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!m || m[1] !== key.name) continue;
    const blob = Buffer.from(m[2]!, "base64");
    if (blob.length !== 68 || !blob.subarray(0, 4).equals(key.id)) continue;
    if (verify(null, Buffer.from(text), spki, blob.subarray(4))) return true;
  }
  return false;
}
