// The anchors the service's trust statements give (decisions §24 rule 3): each statement — the one
// kanit.json embeds, and any later /log/trust given apart — counts only when the log's key signs it;
// one that does not is a forgery and makes the file INVALID. The service judging its own documents
// hands its certificates over directly.
import type { ParsedVerifierKey } from "@/lib/transparency/note";
import { failed, ok, warning, type Check } from "@/lib/verifier/report";
import { verifyTrustStatement, type TrustEntry } from "@/lib/verifier/trust-statement";

interface PinnedCertificates {
  /** certificate SHA-256 → the role the service used it in */
  pinned: Map<string, "seal" | "tsa">;
  /** whether any statement (or the service's own list) was accepted */
  verified: boolean;
  checks: Check[];
}

export function pinStatements(statements: readonly string[], key: ParsedVerifierKey | null, own: readonly TrustEntry[]): PinnedCertificates {
  const pinned = new Map<string, "seal" | "tsa">();
  const checks: Check[] = [];
  const pin = (entries: readonly TrustEntry[]) => {
    for (const e of entries) pinned.set(e.sha256, e.kind);
  };
  pin(own);
  let verified = own.length > 0;
  if (statements.length === 0) {
    if (key && !verified) checks.push(warning("trust statement", "kanit.json carries none (sealed before decisions §24): only --trust anchors apply"));
  } else if (!key) {
    checks.push(warning("trust statement", "not checked: no --key given, so the service's certificates are not pinned"));
  } else {
    for (const note of statements) {
      const result = verifyTrustStatement(note, key);
      if ("problem" in result) {
        checks.push(failed("trust statement", result.problem));
        continue;
      }
      pin(result.entries);
      verified = true;
      const count = (kind: TrustEntry["kind"]) => result.entries.filter((e) => e.kind === kind).length;
      checks.push(ok("trust statement", `signed by ${key.name}: ${count("seal")} seal and ${count("tsa")} time-stamping certificate(s)`));
    }
  }
  return { pinned, verified, checks };
}
