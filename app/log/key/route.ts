// GET /log/key — the note verifier key of the log's checkpoints: <name>+<key id hex>+<base64(0x01 || Ed25519 key)> (decisions §20)
import { publicRoute } from "@/lib/api/public-route";
import { getLogVerifierKey } from "@/lib/transparency/serve-log";

export const GET = publicRoute(
  { bucket: null },
  async () => new Response(`${await getLogVerifierKey()}\n`, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } }),
);
