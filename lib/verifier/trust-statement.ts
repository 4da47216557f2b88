// The service's trust statement (decisions §24 rule 3): a C2SP signed note, signed by the log key
// (§20), whose text is the log's origin and then one line per certificate the service has ever sealed
// or time-stamped with — `seal|tsa <sha256 hex of the DER> <not before> <not after>`. Given the log's
// key alone, a verifier learns which certificates are the service's own, past ones included, and
// pins them: a certificate under the same name from anywhere else is not one of them.
import { noteSignedBy, type ParsedVerifierKey } from "@/lib/transparency/note";

export interface TrustEntry {
  kind: "seal" | "tsa";
  sha256: string;
  notBefore: Date;
  notAfter: Date;
}

const LINE = /^(seal|tsa) ([0-9a-f]{64}) (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)$/;
const MAX_ENTRIES = 10_000;

const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The statement's text (what the log key signs): the origin line, then the entries. */
export function trustStatementText(origin: string, entries: readonly TrustEntry[]): string {
  return `${origin}\n${entries.map((e) => `${e.kind} ${e.sha256} ${isoSeconds(e.notBefore)} ${isoSeconds(e.notAfter)}\n`).join("")}`;
}

/** The statement's origin and entries, if its text is one (signatures not checked). */
function parseTrustStatement(note: string): { origin: string; entries: TrustEntry[] } | null {
  const end = note.indexOf("\n\n");
  if (end < 0) return null;
  const [origin, ...lines] = note.slice(0, end).split("\n");
  if (!origin || lines.length > MAX_ENTRIES) return null;
  const entries: TrustEntry[] = [];
  for (const line of lines) {
    const m = LINE.exec(line);
    if (!m) return null;
    entries.push({ kind: m[1] as TrustEntry["kind"], sha256: m[2]!, notBefore: new Date(m[3]!), notAfter: new Date(m[4]!) });
  }
  return { origin, entries };
}

/** The entries of a statement signed by `key` for its log, or the reason it is refused. */
export function verifyTrustStatement(note: string, key: ParsedVerifierKey): { entries: TrustEntry[] } | { problem: string } {
  const parsed = parseTrustStatement(note);
  if (!parsed) return { problem: "the trust statement is malformed" };
  if (parsed.origin !== key.name) return { problem: `the trust statement is of log ${parsed.origin}, the key of ${key.name}` };
  if (!noteSignedBy(note, key)) return { problem: "the trust statement is not signed by the given key" };
  return { entries: parsed.entries };
}
