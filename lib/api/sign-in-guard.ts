// The panel's sign-in request (next-auth's POST …/callback/credentials) while its limits cannot be
// counted across instances (REDIS_URL set, Redis down): a 503 problem with Retry-After instead of a
// password check whose per-address and per-account limits would each grow with the instance count.
import { AppError } from "@/lib/errors";
import { assertSharedLimits, LIMITS_RETRY_AFTER_S } from "@/lib/limits/rate-limit";
import { problemResponse } from "@/lib/api/problem";

export async function signInUnavailable(req: Request): Promise<Response | null> {
  if (req.method !== "POST" || !new URL(req.url).pathname.endsWith("/callback/credentials")) return null;
  try {
    await assertSharedLimits();
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return problemResponse(err, { "Retry-After": String(LIMITS_RETRY_AFTER_S), "Cache-Control": "no-store" });
  }
}
