// GET /tsa/certificate.pem — the timestamp authority's certificate chain, for openssl ts -verify -CAfile
import { publicRoute } from "@/lib/api/public-route";
import { tsaCertificatePem } from "@/lib/api/tsa-endpoint";

export const GET = publicRoute(
  { bucket: null },
  async () => new Response(await tsaCertificatePem(), { headers: { "Content-Type": "application/x-pem-file", "Cache-Control": "public, max-age=3600" } }),
);
