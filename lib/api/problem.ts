// The one mapper of an AppError to RFC 9457 problem+json (decisions §2).
import { env } from "@/lib/env";
import { type AppError, titleOf } from "@/lib/errors";

export function problemBody(err: AppError): Record<string, unknown> {
  return {
    type: `${env().APP_URL}/errors/${err.code}`,
    title: titleOf(err.code),
    status: err.status,
    code: err.code,
    detail: err.message,
    ...(err.errors ? { errors: err.errors } : {}),
    ...err.extra,
  };
}

export function problemResponse(err: AppError, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/problem+json");
  if (err.code === "unauthorized") h.set("WWW-Authenticate", 'Basic realm="api"');
  // The rest of a body refused for its size is never read: the connection cannot carry another
  // request (a client reusing it waited forever), so it is closed after the answer.
  if (err.code === "payload_too_large") h.set("Connection", "close");
  return new Response(JSON.stringify(problemBody(err)), { status: err.status, headers: h });
}
