// The service's trust statement (decisions §24 rule 3), served at GET /log/trust and embedded in
// kanit.json as `trust` when a document is sealed: the log's origin, one line per certificate the
// service has ever sealed or time-stamped with, signed by the log key as a C2SP note.
import { trustedCertificates } from "@/lib/db/trusted-certificates";
import { loadLogKey } from "@/lib/transparency/log-key";
import { signNote } from "@/lib/transparency/note";
import { recordCurrentCertificates } from "@/lib/verifier/record-trusted-certificates";
import { trustStatementText, type TrustEntry } from "@/lib/verifier/trust-statement";

/** The certificates the statement lists, in the order the service first used them. */
export async function serviceTrustEntries(): Promise<TrustEntry[]> {
  return (await trustedCertificates()).map(({ kind, sha256, notBefore, notAfter }) => ({ kind, sha256, notBefore, notAfter }));
}

export async function signedTrustStatement(): Promise<string> {
  const [key, entries] = await Promise.all([loadLogKey(), serviceTrustEntries()]);
  return signNote(trustStatementText(key.name, entries), key.name, key.privateKey);
}

/** For a document about to be sealed: the statement, the seal and TSA it will use recorded first. */
export async function trustStatementForSealing(): Promise<string> {
  await recordCurrentCertificates();
  return signedTrustStatement();
}
