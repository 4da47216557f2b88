// One limit per client address for everything a stranger may ask about a document without
// credentials (decisions §5, §25): the public verify, the status from a printout — its API and its
// page share the bucket, so a page view counts as one question like a call does.
import { hit, type RateLimitResult } from "@/lib/limits/rate-limit";

export const PUBLIC_VERIFY_LIMIT = { bucket: "public-verify", perMinute: 30 } as const;

export function hitPublicVerify(ip: string): Promise<RateLimitResult> {
  return hit(`${PUBLIC_VERIFY_LIMIT.bucket}:${ip}`, PUBLIC_VERIFY_LIMIT.perMinute);
}
