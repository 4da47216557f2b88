// Structured JSON logs. Never log secrets or personal data: log ids, codes and counts only.
import pino from "pino";
import { env } from "@/lib/env";

let root: pino.Logger | undefined;
let toStderr = false;

/** The admin CLI keeps stdout for its own output (`--json` prints one object there). */
export function sendLogsToStderr(): void {
  toStderr = true;
  root = undefined;
}

export function logger(): pino.Logger {
  root ??= pino({
    level: env().LOG_LEVEL,
    base: { service: "e-onam" },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Defence in depth: should a secret-bearing field ever reach a log call, it is masked.
    redact: {
      paths: ["password", "secret", "authorization", "*.password", "*.secret", "*.authorization", "headers.authorization"],
      censor: "[redacted]",
    },
  }, toStderr ? pino.destination(2) : undefined);
  return root;
}
