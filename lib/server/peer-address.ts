// The socket's peer address for route handlers and pages (decisions §15). Next's server does not pass
// the socket on, and keeps a client-sent X-Forwarded-For as it is; so before Next sees a request, its
// peer is written into PEER_HEADER, replacing anything the client sent under that name.
import http from "node:http";
import https from "node:https";
import { PEER_HEADER } from "@/lib/server/client-ip";

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
const state = globalThis as typeof globalThis & { __eonamPeerAddress?: boolean };

function patch(proto: { emit: Emit }): void {
  const original = proto.emit;
  proto.emit = function emit(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request" && args[0] instanceof http.IncomingMessage) {
      const req = args[0];
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return original.call(this, event, ...args);
  };
}

/** Once per process, from instrumentation.ts: Next's server exists by then and emits through these. */
export function installPeerAddress(): void {
  if (state.__eonamPeerAddress) return;
  state.__eonamPeerAddress = true;
  patch(http.Server.prototype as unknown as { emit: Emit });
  patch(https.Server.prototype as unknown as { emit: Emit });
}
