// The evidence side of the offline verifier (decisions §14, §20): kanit.json's records recompute as
// a chain from seq 1; its last record is a leaf of the log's tree, by the inclusion proof, under the
// embedded checkpoint's root; and that checkpoint is signed by the log's key.
import { verifyChain, type EvidenceRecord } from "@/lib/evidence/chain";
import { leafHash } from "@/lib/transparency/merkle";
import { noteSignedBy, parseCheckpoint, type ParsedVerifierKey } from "@/lib/transparency/note";
import { verifyInclusion } from "@/lib/transparency/verify-proofs";
import { failed, ok, warning, type Check } from "@/lib/verifier/report";

export interface Kanit {
  consent_id?: unknown;
  /** decisions §25: where the consent's status is looked up */
  status_url?: unknown;
  events?: unknown;
  log?: { checkpoint?: unknown; leaf_index?: unknown; inclusion?: unknown };
  /** decisions §24: the service's trust statement when the document was sealed */
  trust?: unknown;
}

/** kanit.json parsed, or null when it is not a JSON object. */
export function parseKanit(json: Buffer): Kanit | null {
  try {
    const v: unknown = JSON.parse(json.toString("utf8"));
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Kanit) : null;
  } catch {
    return null;
  }
}

const HASH = /^[0-9a-f]{64}$/;
const B64_HASH = /^[A-Za-z0-9+/]{43}=$/;

export function verifyKanit(kanit: Kanit | null, key: ParsedVerifierKey | null): Check[] {
  if (!kanit) return [failed("evidence chain", "kanit.json is not a JSON object")];
  const events = Array.isArray(kanit.events) ? (kanit.events as EvidenceRecord[]) : [];
  const chain = verifyChain(events);
  const last = events.at(-1);
  const out: Check[] = [];
  if (events.length === 0) out.push(failed("evidence chain", "kanit.json holds no records"));
  else if (!chain.ok) out.push(failed("evidence chain", `record ${chain.broken_at} does not recompute (seq, prev_hash or hash)`));
  else out.push(ok("evidence chain", `${String(kanit.consent_id)}: ${events.length} records, the last "${last!.event}" ${chain.head}`));

  const log = kanit.log;
  const checkpoint = typeof log?.checkpoint === "string" ? parseCheckpoint(log.checkpoint) : null;
  if (!log || !checkpoint) return [...out, failed("log inclusion", "kanit.json carries no log proof with a checkpoint")];
  const index = log.leaf_index;
  const path = Array.isArray(log.inclusion) && log.inclusion.every((h) => typeof h === "string" && B64_HASH.test(h)) ? (log.inclusion as string[]) : null;
  if (!chain.ok || !last || typeof last.hash !== "string" || !HASH.test(last.hash)) {
    out.push(failed("log inclusion", "no valid last record to look for"));
  } else if (typeof index !== "number" || !path || path.length > 64) {
    out.push(failed("log inclusion", "the proof is malformed"));
  } else if (verifyInclusion(index, checkpoint.size, leafHash(Buffer.from(last.hash, "hex")), path.map((h) => Buffer.from(h, "base64")), checkpoint.root)) {
    out.push(ok("log inclusion", `the last record is leaf ${index} of the tree of ${checkpoint.size} in ${checkpoint.origin}`));
  } else {
    out.push(failed("log inclusion", `the proof does not lead from the last record to the checkpoint's root`));
  }

  const note = log.checkpoint as string;
  if (!key) out.push(warning("checkpoint signature", "not checked: no --key given (the log's key is served at <service>/log/key)"));
  else if (key.name !== checkpoint.origin) out.push(failed("checkpoint signature", `the checkpoint is of log ${checkpoint.origin}, the key of ${key.name}`));
  else if (noteSignedBy(note, key)) out.push(ok("checkpoint signature", `signed by ${key.name}+${key.id.toString("hex")}`));
  else out.push(failed("checkpoint signature", "no valid signature by this key"));
  return out;
}
