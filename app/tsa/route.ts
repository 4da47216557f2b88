// POST /tsa — the built-in RFC 3161 authority (TSA_DRIVER=local): timestamp-query in, timestamp-reply out
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { clientIpOf } from "@/lib/api/client-ip";
import { errorResponse } from "@/lib/api/handler";
import { hit } from "@/lib/api/rate-limit";
import { logger } from "@/lib/log";
import { answerTimestampQuery } from "@/lib/timestamping/tsa-endpoint";

// decisions §15: every answer is an RSA signature; a limit per address keeps it from being a free
// signing oracle that loads the server.
const PER_MINUTE = 60;

export async function POST(req: Request): Promise<Response> {
  const log = logger().child({ reqId: randomUUID(), scope: "tsa" });
  const limit = await hit(`tsa:${clientIpOf(req.headers)}`, PER_MINUTE);
  if (!limit.allowed) {
    const res = errorResponse(new AppError("rate_limited"), log);
    res.headers.set("Retry-After", String(limit.reset));
    return res;
  }
  try {
    return new Response(new Uint8Array(await answerTimestampQuery(req)), { headers: { "Content-Type": "application/timestamp-reply" } });
  } catch (err) {
    return errorResponse(err, log);
  }
}
