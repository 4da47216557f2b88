// The service's Prometheus metrics (decisions §16), one registry per process. Held on globalThis:
// Next may load this module once per route bundle, and every copy must count into the same registry.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

interface Metrics {
  registry: Registry;
  requests: Histogram<"route" | "method" | "status">;
  webhookAttempts: Counter<"outcome">;
  smsSent: Counter<"kind" | "outcome">;
  tsaFailures: Counter;
  sealFailures: Counter;
  backlog: Gauge<"kind">;
}

const holder = globalThis as typeof globalThis & { __eonamMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "eonam_" });
  return {
    registry,
    requests: new Histogram({
      name: "eonam_http_request_duration_seconds",
      help: "Requests by route, method and status, with their latency",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    webhookAttempts: new Counter({
      name: "eonam_webhook_attempts_total",
      help: "Webhook delivery attempts by outcome (success, failure)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    smsSent: new Counter({
      name: "eonam_sms_total",
      help: "Text messages handed to the SMS driver, by kind (link, otp) and outcome (sent, failed)",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    }),
    tsaFailures: new Counter({
      name: "eonam_tsa_failures_total",
      help: "Timestamp attempts that failed",
      registers: [registry],
    }),
    sealFailures: new Counter({
      name: "eonam_seal_failures_total",
      help: "Documents that could not be sealed (stored unsealed, retried later)",
      registers: [registry],
    }),
    backlog: new Gauge({
      name: "eonam_job_backlog",
      help: "Background work due now, by kind (read from the database at scrape time)",
      labelNames: ["kind"],
      registers: [registry],
    }),
  };
}

export function metrics(): Metrics {
  holder.__eonamMetrics ??= create();
  return holder.__eonamMetrics;
}

const LITERALS = new Set([
  "v1", "consents", "templates", "consent", "create", "me", "verify", "openapi.json", "events", "cancel", "resend",
  "timestamp", "withdraw", "s", "otp", "sign", "decline", "api", "public", "tsa", "k", "d", "dogrula",
  // the FHIR R4 API (decisions §21)
  "fhir", "r4", "metadata", "Consent", "DocumentReference",
]);

/**
 * The route a path belongs to, without ids, tokens or codes (those would make one series per
 * consent, and a token is a credential): `/v1/consents/:id/events`, `/s/:id/otp`. Any segment
 * outside a fixed set becomes `:id`, and at most five are kept, so fuzzed paths add no series.
 */
export function routeOf(pathname: string): string {
  return pathname
    .split("/")
    .slice(1, 6)
    .map((seg) => (LITERALS.has(seg) ? seg : ":id"))
    .reduce((route, seg) => `${route}/${seg}`, "");
}

export function observeRequest(pathname: string, method: string, status: number, seconds: number): void {
  metrics().requests.observe({ route: routeOf(pathname), method, status: String(status) }, seconds);
}
