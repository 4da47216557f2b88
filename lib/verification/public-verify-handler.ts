// POST /api/public/verify: the same check as /v1/verify without credentials, for the public page,
// limited per client address (decisions §5).
import { randomUUID } from "node:crypto";
import { logger } from "@/lib/log";
import { AppError } from "@/lib/api/errors";
import { clientIp, errorResponse } from "@/lib/api/handler";
import { hit, rateLimitHeaders } from "@/lib/api/rate-limit";
import { observeRequest } from "@/lib/metrics/metrics";
import { parseJsonObject, readRawBody } from "@/lib/api/read-body";
import { verifyDocument } from "@/lib/verification/verify-document";

const PER_MINUTE = 30;

export async function publicVerify(req: Request): Promise<Response> {
  const started = performance.now();
  const requestId = randomUUID();
  const log = logger().child({ reqId: requestId, scope: "public-verify" });
  const limit = await hit(`public-verify:${clientIp(req)}`, PER_MINUTE);
  let res: Response;
  try {
    if (!limit.allowed) throw new AppError("rate_limited");
    const body = parseJsonObject(await readRawBody(req), req.headers.get("content-type"), false);
    res = Response.json(await verifyDocument(body));
  } catch (err) {
    res = errorResponse(err, log);
  }
  for (const [k, v] of Object.entries(rateLimitHeaders(limit))) res.headers.set(k, v);
  if (!limit.allowed) res.headers.set("Retry-After", String(limit.reset));
  res.headers.set("X-Request-Id", requestId);
  res.headers.set("Cache-Control", "no-store");
  observeRequest("/api/public/verify", req.method, res.status, (performance.now() - started) / 1000);
  log.info({ status: res.status }, "public verify");
  return res;
}
