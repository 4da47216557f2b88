// GET /api/ready — 200 when this instance can take traffic, 503 with the failing check otherwise.
import { checkReadiness } from "@/lib/health/check-readiness";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const r = await checkReadiness();
  return Response.json({ status: r.ready ? "ready" : "not_ready", checks: r.checks }, { status: r.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
