// GET /api/ping — liveness without the database; also the framework ceiling the benchmark compares against
export function GET(): Response {
  return new Response(JSON.stringify({ ok: true }), { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
