// The only searchable form of a national id: a keyed digest. Without APP_SECRET the 11-digit space
// could be enumerated against a plain hash in seconds.
import { createHmac } from "node:crypto";
import { env } from "@/lib/env";

let key: { secret: string; bytes: Buffer } | undefined;

export function tcDigest(tc: string): string {
  const secret = env().APP_SECRET;
  if (key?.secret !== secret) key = { secret, bytes: createHmac("sha256", secret).update("tc-digest:v1").digest() };
  return createHmac("sha256", key.bytes).update(tc).digest("hex");
}
