// GET /seal/certificate.pem — the seal certificate and its chain (decisions §14), without credentials:
// what a verifier adds to its trust store (certutil, Adobe's trusted certificates) to see "trusted".
import { randomUUID } from "node:crypto";
import { errorResponse } from "@/lib/api/handler";
import { logger } from "@/lib/log";
import { sealCertificatePem } from "@/lib/sealing/get-seal";

export async function GET(): Promise<Response> {
  try {
    return new Response(await sealCertificatePem(), { headers: { "Content-Type": "application/x-pem-file", "Cache-Control": "public, max-age=3600" } });
  } catch (err) {
    return errorResponse(err, logger().child({ reqId: randomUUID(), scope: "seal" }));
  }
}
