import { describe, expect, it } from "vitest";
import { metrics, observeRequest, routeOf } from "@/lib/metrics/metrics";

describe("metrics", () => {
  it("names routes without ids, tokens or unknown segments", () => {
    expect(routeOf("/v1/consents/cns_123/events")).toBe("/v1/consents/:id/events");
    expect(routeOf("/v1/templates/onam-genel")).toBe("/v1/templates/:id");
    expect(routeOf("/s/AbCdEf0123456789abcdef/otp")).toBe("/s/:id/otp");
    expect(routeOf("/v1/%00/../../a/b/c/d/e")).toBe("/v1/:id/:id/:id/:id");
    expect(routeOf("/v1/me")).toBe("/v1/me");
    expect(routeOf("/fhir/r4/Consent/ons-261122-k3v9x2m8q7p4")).toBe("/fhir/r4/Consent/:id");
    expect(routeOf("/fhir/r4/metadata")).toBe("/fhir/r4/metadata");
  });

  it("serves request counts and latency by route and status as Prometheus text", async () => {
    observeRequest("/v1/consents/abc", "GET", 404, 0.012);
    const text = await metrics().registry.metrics();
    expect(text).toMatch(/eonam_http_request_duration_seconds_count\{route="\/v1\/consents\/:id",method="GET",status="404"\} 1/);
    expect(text).toContain("eonam_process_resident_memory_bytes");
  });
});
