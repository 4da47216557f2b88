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
    return new PrismaPGlite(new PGlite());
  },
});
