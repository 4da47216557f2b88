// GET /api/metrics — Prometheus text (decisions §16); a bearer METRICS_TOKEN when one is set.
import { serveMetrics } from "@/lib/api/metrics-endpoint";

export const dynamic = "force-dynamic";

export function GET(req: Request): Promise<Response> {
  return serveMetrics(req.headers.get("authorization"));
}
