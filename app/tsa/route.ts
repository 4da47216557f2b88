// POST /tsa — the built-in RFC 3161 authority (TSA_DRIVER=local): timestamp-query in, timestamp-reply out.
// decisions §15: every answer is an RSA signature; a limit per address keeps it from being a free
// signing oracle that loads the server.
import { publicRoute } from "@/lib/api/public-route";
import { answerTimestampQuery } from "@/lib/api/tsa-endpoint";

export const POST = publicRoute(
  { bucket: "tsa", perMinute: 60 },
  async ({ req }) => new Response(new Uint8Array(await answerTimestampQuery(req)), { headers: { "Content-Type": "application/timestamp-reply" } }),
);
