import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

// The reliability suite (tests/reliability) takes minutes and hammers the machine: only
// `npm run test:reliability` (RELIABILITY=1) includes it, never the default `npm test`.
const reliability = process.env.RELIABILITY === "1";

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/summary-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "docs/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          // Projects run one after another: the API and browser tests each start a real server.
          sequence: { groupOrder: 1 },
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // One real server per run, shared by every file; files run one after another.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // The same real server as the API tests, driven through Chromium.
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      ...(reliability
        ? [
            {
              resolve: { alias },
              test: {
                name: "reliability",
                sequence: { groupOrder: 3 },
                include: ["tests/reliability/**/*.test.ts"],
                environment: "node",
                // Builds once and provides the shared run (secrets, data directory); each file starts its own server.
                globalSetup: ["tests/api/global-setup.ts"],
                testTimeout: 120_000,
                hookTimeout: 240_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
