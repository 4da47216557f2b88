// GET /api/health — the process is alive and serving (decisions §16); no database, no credentials.
export function GET(): Response {
  return Response.json({ status: "ok", uptime_s: Math.round(process.uptime()) }, { headers: { "Cache-Control": "no-store" } });
}
