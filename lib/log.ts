// Structured JSON logs. Never log secrets or personal data: log ids, codes and counts only.
import pino from "pino";
import pretty from "pino-pretty";
import { env } from "@/lib/env";

let root: pino.Logger | undefined;
let toStderr = false;

/** The admin CLI keeps stdout for its own output (`--json` prints one object there). */
export function sendLogsToStderr(): void {
  toStderr = true;
  root = undefined;
}

/**
 * JSON lines in production (for log shippers); readable, coloured lines in development (`npm run dev`),
 * written synchronously on the main thread (no transport worker).
 */
function destination(): pino.DestinationStream {
  const fd = toStderr ? 2 : 1;
  if (env().NODE_ENV !== "development") return pino.destination(fd);
  return pretty({ destination: fd, colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname,service", sync: true });
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
  }, destination());
  return root;
}
