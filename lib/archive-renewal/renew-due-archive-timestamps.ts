// decisions §24: the background job's work (lib/jobs: the embedded runner, and Inngest's sweep): read
// the documents not read yet, then renew the archive time-stamps whose certificate expires within
// ARCHIVE_RENEW_BEFORE. One document failing (its file unreadable, say) never stops the others.
import { dueArchiveRenewals, unreadArchiveDocuments, type ArchiveDocument } from "@/lib/db/archive-renewal";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { readArchiveDocument, renewArchiveTimestamp } from "@/lib/archive-renewal/renew-archive-timestamp";

export const ARCHIVE_BATCH = 20;

async function each(docs: ArchiveDocument[], what: string, fn: (d: ArchiveDocument) => Promise<unknown>): Promise<void> {
  for (const d of docs) {
    try {
      await fn(d);
    } catch (err) {
      logger().error({ consentId: d.id, err: err instanceof Error ? err.message : String(err) }, what);
    }
  }
}

/** How many documents were read or renewed: ARCHIVE_BATCH or more means more may be waiting. */
export async function renewDueArchiveTimestamps(limit = ARCHIVE_BATCH): Promise<number> {
  const unread = await unreadArchiveDocuments(limit);
  await each(unread, "archive renewal: the document could not be read", readArchiveDocument);
  const at = now();
  const due = await dueArchiveRenewals(new Date(at.getTime() + env().ARCHIVE_RENEW_BEFORE), at, limit);
  let renewed = 0;
  await each(due, "archive renewal failed", async (d) => {
    if (await renewArchiveTimestamp(d)) renewed++;
  });
  return Math.max(unread.length, renewed);
}
