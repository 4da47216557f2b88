// Whether an error means "the database cannot be reached or cannot take the request now" (down,
// restarting, refusing connections, out of connections, too busy to start a transaction) rather than
// a fault of the request or of the code: the API answers such errors 503 with Retry-After, and the
// background runner backs off instead of logging a stack trace every second. Recognised by codes
// alone, so that this module loads no database client (the pipeline, which the proxy loads too,
// depends on it).

/** Node's socket errors on a connection to the database (or to the object storage, which the API answers alike). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);
/** Prisma's: can't reach (P1001), timed out (P1002, P1008), closed (P1017), no pool slot in time
 *  (P2024), transaction not started in time (P2028), too many connections (P2037). */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);
/** The driver adapter's kinds for the same conditions. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** PostgreSQL: shutting down or starting up (57P01–57P03), too many connections (53300). */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** node-postgres's own errors, which carry no code. */
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  // The condition may sit a few wrappers deep (Prisma's error → its driver adapter error → the
  // driver's); the walk is bounded.
  let queue: unknown[] = [err];
  for (let depth = 0; depth < 4 && queue.length > 0; depth++) {
    const next: unknown[] = [];
    for (const e of queue) {
      if (typeof e !== "object" || e === null) continue;
      const o = e as { code?: unknown; kind?: unknown; severity?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
      const code = typeof o.code === "string" ? o.code : "";
      if (SOCKET_CODES.has(code) || PRISMA_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08")) return true;
      if (typeof o.kind === "string" && ADAPTER_KINDS.has(o.kind)) return true;
      // A FATAL error ends the session: the server refused or dropped the connection itself.
      if (o.severity === "FATAL" || o.severity === "PANIC") return true;
      if (typeof o.message === "string" && !code && DRIVER_MESSAGES.test(o.message)) return true;
      next.push(o.cause, o.meta?.driverAdapterError);
    }
    queue = next;
  }
  return false;
}
