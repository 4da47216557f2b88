// The transparency log's public routes in the OpenAPI document (decisions §20, app/log/*): no
// credentials, limited per client address; text/plain notes and keys, JSON proofs, a DER time-stamp
// reply; errors as problem+json like every other route.
import { errors, ok, type Json } from "@/lib/openapi/openapi-parts";
import type { ErrorCode } from "@/lib/errors";

/** What a public route can meet besides its own errors (no key: never 401). */
const PUBLIC: ErrorCode[] = ["method_not_allowed", "rate_limited", "internal", "service_unavailable"];

const size = (name: string, description: string, required: boolean, minimum: number): Json => ({
  name,
  in: "query",
  required,
  description,
  schema: { type: "integer", minimum, maximum: Number.MAX_SAFE_INTEGER },
});

const text = (description: string, example: string): Json => ({ description, content: { "text/plain": { schema: { type: "string" }, example } } });

const CHECKPOINT_EXAMPLE = "onam.example.com.tr/log\n1042\nq1mD2lY3sX4ZcQm8r1ZrNq9yJp0mM3vU8m8cLh4w1Xk=\n\n— onam.example.com.tr/log 3ok6fQ…\n";

export function logPaths(): Json {
  const op = (operationId: string, summary: string, description: string, parameters: Json[], responses: Json): Json => ({
    get: { operationId, tags: ["Transparency log"], summary, description, security: [], ...(parameters.length ? { parameters } : {}), responses },
  });
  return {
    "/log/checkpoint": op(
      "getLogCheckpoint",
      "The latest signed checkpoint (C2SP tlog-checkpoint, signed note)",
      "Origin line, tree size, base64 root hash, a blank line and an Ed25519 note signature line. With `size`, the checkpoint kept at that size (the one a document or a .tsr names).",
      [size("size", "a kept checkpoint's tree size", false, 0)],
      { "200": text("The checkpoint note", CHECKPOINT_EXAMPLE), ...errors(["not_found", "validation_failed"], PUBLIC) },
    ),
    "/log/key": op(
      "getLogKey",
      "The note verifier key of the log's checkpoints",
      "`<name>+<key id hex>+<base64(0x01 ‖ Ed25519 public key)>`, for `npx e-onam-verify --key` and any C2SP signed-note verifier.",
      [],
      { "200": text("The verifier key", "onam.example.com.tr/log+1a2b3c4d+AXYhT0yIh3c…\n"), ...errors([], PUBLIC) },
    ),
    "/log/proof": op(
      "getLogProof",
      "The inclusion proof of an evidence record",
      "RFC 6962 audit path of the record whose `hash` is given (its leaf is SHA-256(0x00 ‖ hash)) in the tree of `size` leaves. 404 when the hash is not in that tree or `size` is beyond the log.",
      [
        { name: "hash", in: "query", required: true, description: "the evidence record's `hash`, 64 hex characters", schema: { type: "string", pattern: "^[0-9a-fA-F]{64}$" } },
        size("size", "the tree size to prove against (a checkpoint's)", true, 1),
      ],
      { "200": ok("The audit path", "LogProof"), ...errors(["not_found", "validation_failed"], PUBLIC) },
    ),
    "/log/consistency": op(
      "getLogConsistency",
      "The consistency proof between two tree sizes",
      "Proves that the tree of `first` leaves is a prefix of the tree of `second` (RFC 9162 §2.1.4). 404 when `second` is beyond the log.",
      [size("first", "the smaller tree size", true, 1), size("second", "the larger tree size (≥ first)", true, 1)],
      { "200": ok("The consistency proof", "LogConsistency"), ...errors(["not_found", "validation_failed"], PUBLIC) },
    ),
    "/log/checkpoint.tsr": op(
      "getLogCheckpointTimestamp",
      "The latest time-stamped checkpoint's RFC 3161 reply",
      "A DER TimeStampResp over the SHA-256 of a checkpoint's note text, at most one a minute; the `Log-Checkpoint-Size` header names the checkpoint (`GET /log/checkpoint?size=N`). 404 until a checkpoint was time-stamped.",
      [],
      {
        "200": {
          description: "The TimeStampResp (DER)",
          headers: { "Log-Checkpoint-Size": { description: "the tree size of the checkpoint it time-stamps", schema: { type: "integer" } } },
          content: { "application/timestamp-reply": { schema: { type: "string", format: "binary" } } },
        },
        ...errors(["not_found"], PUBLIC),
      },
    ),
  };
}
