// GET /tsa/certificate.pem — the timestamp authority's certificate chain, for openssl ts -verify -CAfile
import { randomUUID } from "node:crypto";
import { errorResponse } from "@/lib/api/handler";
import { logger } from "@/lib/log";
import { tsaCertificatePem } from "@/lib/timestamping/tsa-endpoint";

export async function GET(): Promise<Response> {
  try {
    return new Response(await tsaCertificatePem(), { headers: { "Content-Type": "application/x-pem-file", "Cache-Control": "public, max-age=3600" } });
  } catch (err) {
    return errorResponse(err, logger().child({ reqId: randomUUID(), scope: "tsa" }));
  }
}
