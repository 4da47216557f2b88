// GET /seal/certificate.pem — the seal certificate and its chain (decisions §14), without credentials:
// what a verifier adds to its trust store (certutil, Adobe's trusted certificates) to see "trusted".
import { publicRoute } from "@/lib/api/public-route";
import { sealCertificatePem } from "@/lib/sealing/get-seal";

export const GET = publicRoute(
  { bucket: null },
  async () => new Response(await sealCertificatePem(), { headers: { "Content-Type": "application/x-pem-file", "Cache-Control": "public, max-age=3600" } }),
);
