// Only the Prisma CLI reads this file (generate, migrate dev/diff/status). The server applies
// migrations itself (lib/db/migrate.ts); here they are authored against an in-memory PGlite.
import path from "node:path";
import { defineConfig } from "prisma/config";

// Without a DATABASE_URL the CLI silently falls back to a native engine it would have to download.
process.env.DATABASE_URL ??= "postgresql://placeholder@localhost/placeholder";

// PGlite and the WASM schema engine leave long timers armed, so the CLI would never exit.
const setTimeoutOriginal = globalThis.setTimeout;
globalThis.setTimeout = ((fn: () => void, ms?: number, ...args: unknown[]) => {
  const timer = setTimeoutOriginal(fn, ms, ...args) as unknown as NodeJS.Timeout;
  if ((ms ?? 0) >= 5000) timer.unref();
  return timer;
}) as typeof setTimeout;

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    // In memory: `migrate dev` replays prisma/migrations into it, then diffs against the schema.
    const factory = new PrismaPGlite(new PGlite());
    // The WASM schema engine sends each migration file through executeRaw, which PGlite runs as a
    // prepared statement: one command only ("cannot insert multiple commands into a prepared
    // statement"). A script without parameters goes to the client's exec() instead.
    type Adapter = Awaited<ReturnType<typeof factory.connect>>;
    const scripts = (connect: () => Promise<Adapter>) => async () => {
      const adapter = await connect();
      const client = (adapter as unknown as { client: { exec(sql: string): Promise<unknown> } }).client;
      const executeRaw = adapter.executeRaw.bind(adapter);
      adapter.executeRaw = async (query) => (query.args.length === 0 ? (await client.exec(query.sql), 0) : executeRaw(query));
      return adapter;
    };
    factory.connect = scripts(factory.connect.bind(factory));
    factory.connectToShadowDb = scripts(factory.connectToShadowDb.bind(factory));
    return factory;
  },
});
