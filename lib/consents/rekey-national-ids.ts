// Consents created before the national-id digest was keyed per tenant (migration
// 20261126140000_tc_digest_per_tenant) carry a digest keyed alike for every tenant: SQL cannot
// rewrite it (that needs APP_SECRET and the decrypted id), so each start does, a batch at a time
// beside the traffic, like the patient search's backfill (index-earlier-consents.ts). Resumable: a
// row done is marked version 2 and never read again, so a stop midway loses nothing. Several
// instances may run it at once: they write the same digests, and only into rows still of version 1.
import { consentsWithOldTcDigest, setTcDigests } from "@/lib/db/tc-digests";
import { decrypt } from "@/lib/encryption";
import { logger } from "@/lib/log";
import { TC_DIGEST_VERSION, tcDigest } from "@/lib/consents/tc-digest";

const BATCH = 200;

/** Gives every consent with a version-1 national-id digest its per-tenant digest; returns how many it rewrote. */
export async function rekeyNationalIds(): Promise<number> {
  let done = 0;
  for (let after = ""; ; ) {
    const rows = await consentsWithOldTcDigest(after, BATCH);
    if (rows.length === 0) return done;
    after = rows.at(-1)!.id;
    const values = rows.flatMap((r) => {
      try {
        return [{ id: r.id, d: tcDigest(r.tenantId, decrypt(r.tcEncrypted)) }];
      } catch (err) {
        // A value no key of the ring opens keeps its old digest; the rest of the batch goes on.
        logger().warn({ consentId: r.id, err: err instanceof Error ? err.message : String(err) }, "national id: digest not rekeyed");
        return [];
      }
    });
    done += await setTcDigests(values, TC_DIGEST_VERSION);
  }
}
