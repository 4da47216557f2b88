// GET /log/checkpoint — the transparency log's latest signed checkpoint, a C2SP signed note (decisions §20); ?size=N one kept at that size
import { publicRoute } from "@/lib/api/public-route";
import { getCheckpoint } from "@/lib/transparency/serve-log";

export const GET = publicRoute({ bucket: "log" }, async ({ url }) => {
  const row = await getCheckpoint(Object.fromEntries(url.searchParams));
  return new Response(row.note, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
});
