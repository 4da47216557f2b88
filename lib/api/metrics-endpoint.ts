// The scrape: counters kept by the process, plus the job backlog read from the database now.
import { AppError } from "@/lib/errors";
import { problemResponse } from "@/lib/api/problem";
import { safeEqual } from "@/lib/crypto";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { jobBacklog } from "@/lib/metrics/job-backlog";
import { metrics } from "@/lib/metrics/metrics";

export async function serveMetrics(authorization: string | null): Promise<Response> {
  const { METRICS_TOKEN: token, METRICS_PUBLIC: open } = env();
  // Private by default: request volumes, backlogs and failures tell an outsider how the service is
  // used and when it struggles. A token (METRICS_TOKEN) or an explicit METRICS_PUBLIC=1 opens it.
  const allowed = token ? safeEqual(authorization ?? "", `Bearer ${token}`) : open;
  if (!allowed) {
    const detail = token ? "METRICS_TOKEN gerekli (Authorization: Bearer …)." : "Ölçümler kapalı: METRICS_TOKEN ya da METRICS_PUBLIC=1 ayarlanmalı.";
    const res = problemResponse(new AppError("unauthorized", detail));
    res.headers.set("WWW-Authenticate", 'Bearer realm="metrics"');
    return res;
  }
  const m = metrics();
  try {
    for (const [kind, n] of Object.entries(await jobBacklog())) m.backlog.set({ kind }, n);
  } catch (err) {
    // The counters are still worth serving when the database is away; /api/ready says why.
    logger().warn({ err }, "metrics: job backlog unavailable");
  }
  return new Response(await m.registry.metrics(), { headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" } });
}
