// Next calls register() once per server process before serving: open the database, migrate,
// seed a first run, install graceful shutdown. Never during `next build` (build workers must not
// open the embedded database).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // First: from here on every request carries its socket's peer address (lib/server/client-ip.ts).
  const { installPeerAddress } = await import("./lib/server/peer-address");
  installPeerAddress();
  const { startServer } = await import("./lib/start-server");
  await startServer();
}
