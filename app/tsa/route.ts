// POST /tsa — the built-in RFC 3161 authority (TSA_DRIVER=local): timestamp-query in, timestamp-reply out
import { randomUUID } from "node:crypto";
import { errorResponse } from "@/lib/api/handler";
import { logger } from "@/lib/log";
import { answerTimestampQuery } from "@/lib/timestamping/tsa-endpoint";

export async function POST(req: Request): Promise<Response> {
  try {
    return new Response(new Uint8Array(await answerTimestampQuery(req)), { headers: { "Content-Type": "application/timestamp-reply" } });
  } catch (err) {
    return errorResponse(err, logger().child({ reqId: randomUUID(), scope: "tsa" }));
  }
}
