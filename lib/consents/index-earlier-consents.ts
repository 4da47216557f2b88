// Consents created before the patient search existed (migration 20261126060000_patient_search) have
// no search digests: SQL cannot make them (they need APP_SECRET and the decrypted names), so each
// start gives them theirs, a batch at a time beside the traffic. A partial index holds exactly the
// rows still to do, so once done a start costs one empty index read. Several instances may run it at
// once: they write the same digests, and only into rows still without them and not purged.
import { setSearchDigests, unindexedConsents } from "@/lib/db/search-index";
import { decrypt } from "@/lib/encryption";
import { logger } from "@/lib/log";
import { searchDigests } from "@/lib/consents/patient-search";

const BATCH = 200;

/** Gives every consent without search digests its digests; returns how many it indexed. */
export async function indexEarlierConsents(): Promise<number> {
  let indexed = 0;
  for (let after = ""; ; ) {
    const rows = await unindexedConsents(after, BATCH);
    if (rows.length === 0) return indexed;
    after = rows.at(-1)!.id;
    const values = rows.flatMap((r) => {
      try {
        const names = [decrypt(r.patientName), r.approverName ? decrypt(r.approverName) : null];
        return [{ id: r.id, d: searchDigests(r.tenantId, { names, phone: r.phone ? decrypt(r.phone) : null }) }];
      } catch (err) {
        // A value no key of the ring opens stays unsearchable; the rest of the batch goes on.
        logger().warn({ consentId: r.id, err: err instanceof Error ? err.message : String(err) }, "patient search: consent not indexed");
        return [];
      }
    });
    indexed += await setSearchDigests(values);
  }
}
