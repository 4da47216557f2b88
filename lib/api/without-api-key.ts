// The few /v1 answers given without credentials (the OpenAPI document, a malformed path): the same
// X-Request-Id and RateLimit-* headers as every /v1 response (decisions §2), limited per client
// address. Kept apart from handler.ts, which loads the database, so that the proxy can use it.
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { AppError, problemResponse } from "@/lib/api/errors";
import { clientIpOf } from "@/lib/api/client-ip";
import { hit, rateLimitHeaders } from "@/lib/api/rate-limit";

export function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

export async function withoutApiKey(req: Request, answer: () => Response): Promise<Response> {
  const limit = await hit(`public:${clientIpOf(req.headers)}`, env().RATE_LIMIT_PER_MINUTE);
  let res: Response;
  try {
    if (!limit.allowed) throw new AppError("rate_limited");
    res = answer();
  } catch (err) {
    if (!(err instanceof AppError)) logger().error({ err }, "unhandled error");
    res = problemResponse(err instanceof AppError ? err : new AppError("internal"));
  }
  for (const [k, v] of Object.entries({ "X-Request-Id": requestIdOf(req), ...rateLimitHeaders(limit) })) res.headers.set(k, v);
  if (res.status === 429) res.headers.set("Retry-After", String(limit.reset));
  return res;
}
