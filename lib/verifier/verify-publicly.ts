// The public page's check (POST /api/public/verify): the answer of POST /v1/verify and, for a
// matching document, where the consent's last record stands in the transparency log and when the
// first checkpoint holding it was signed (decisions §20) — "recorded in the public log at position N".
import type { VerifyResult } from "@/lib/contract/response-shapes";
import { consentChainHead } from "@/lib/db/transparency-log";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { recordLogPosition } from "@/lib/transparency/record-log-proof";
import { verifyDocument } from "@/lib/verifier/verify-document";

interface PublicVerifyResult extends VerifyResult {
  log: { leaf_index: number; tree_size: number; signed_at: string } | null;
}

export async function verifyPublicly(request: unknown): Promise<PublicVerifyResult> {
  const result = await verifyDocument(request);
  // Only a holder of the document learns more than /v1/verify says.
  const head = result.match ? await consentChainHead(result.id) : null;
  const position = head ? await recordLogPosition(head) : null;
  return {
    ...result,
    log: position && { leaf_index: position.leaf_index, tree_size: position.tree_size, signed_at: formatDateTime(position.signed_at, env().APP_TIMEZONE) },
  };
}
