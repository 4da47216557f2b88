import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = { "@": path.resolve(root) };

// The reliability suite (tests/reliability) takes minutes and hammers the machine: only
// `npm run test:reliability` (RELIABILITY=1) includes it, never the default `npm test`.
const reliability = process.env.RELIABILITY === "1";

// With TEST_DATABASE_URL the run is the PostgreSQL pass: only what touches the database runs again —
// the API tests (the real server on PostgreSQL) and the unit tests that open the configured database
// (tests/test-database.ts). The browser tests and the other unit tests say nothing new there.
const postgresPass = Boolean(process.env.TEST_DATABASE_URL);
// CI runs the browser project in a lane of its own (.ci/run); TEST_LANE keeps its JSON record apart.
const lane = process.env.TEST_LANE ? `-${process.env.TEST_LANE}` : "";

function unitTestFiles(): { file: string; text: string }[] {
  return ["lib", "components", "docs"].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".test.ts"))
      .map((f) => ({ file: `${dir}/${f}`, text: fs.readFileSync(path.join(root, dir, f), "utf8") })),
  );
}

// A unit test file that opens a database (tests/test-database.ts: lib/db reads its settings once),
// sets or reads process settings, mocks or stubs, or moves the clock needs modules of its own: it runs
// isolated, in project "unit-isolated". The others (~100 files: rendering, parsing, crypto, the
// verifier) share their worker's modules in project "unit", which spares each file re-importing
// react-pdf, pkijs and the rest: half their CPU (184 → 133 s on 2026-11-29).
const OWN_MODULES = /useTestDatabase\(|process\.env|vi\.(mock|doMock|stub|spyOn|useFakeTimers)|setClockOffset|globalThis/;
const unitFiles = unitTestFiles();
const isolatedUnitFiles = unitFiles.filter((f) => OWN_MODULES.test(f.text)).map((f) => f.file);
const sharedUnitFiles = unitFiles.filter((f) => !OWN_MODULES.test(f.text)).map((f) => f.file);
const unitTestsOnTheDatabase = unitFiles.filter((f) => f.text.includes("useTestDatabase(")).map((f) => f.file);

// A test's time limit is a guard against a hang, not a performance target (those are `npm run bench`).
// CI runs five lanes on two cores (.ci/run), so a test gets a fraction of a core: on a slow host's hour
// (2026-11-29, load average 15) a unit test that starts a fresh PGlite or renders a first PDF took
// 33–34 s, and files that take a minute alone took 60–80. One generous limit for every unit test,
// rather than a figure per test.
const UNIT_TIMEOUT_MS = 120_000;
const UNIT_HOOK_TIMEOUT_MS = 180_000;
// A test against the real server (API, browser, reliability): the same hour took a webhook test that
// restarts the server around three admin CLI commands 100 s.
const SERVER_TEST_TIMEOUT_MS = 240_000;

export default defineConfig({
  resolve: { alias },
  test: {
    // The JSON record of every run (per file and test durations) goes to test-results/, one file per pass.
    reporters: ["default", "./tests/summary-reporter.ts", ["json", { outputFile: `test-results/${postgresPass ? "postgres" : "pglite"}${reliability ? "-reliability" : ""}${lane}.json` }]],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit-isolated",
          sequence: { groupOrder: 0 },
          include: postgresPass ? unitTestsOnTheDatabase : isolatedUnitFiles,
          environment: "node",
          testTimeout: UNIT_TIMEOUT_MS,
          hookTimeout: UNIT_HOOK_TIMEOUT_MS,
        },
      },
      ...(postgresPass
        ? []
        : [
            {
              resolve: { alias },
              test: {
                name: "unit",
                sequence: { groupOrder: 0 },
                include: sharedUnitFiles,
                environment: "node" as const,
                isolate: false,
                testTimeout: UNIT_TIMEOUT_MS,
                hookTimeout: UNIT_HOOK_TIMEOUT_MS,
              },
            },
          ]),
      {
        resolve: { alias },
        test: {
          name: "api",
          // Projects run one after another: the API and browser tests share one real server.
          sequence: { groupOrder: 1 },
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          hookTimeout: 180_000,
          // One real server per run, shared by every file; files run one after another.
          fileParallelism: false,
        },
      },
      ...(postgresPass
        ? []
        : [
            {
              resolve: { alias },
              test: {
                name: "e2e",
                sequence: { groupOrder: 2 },
                // expect.poll's default of 1 s is a page's reaction on a quiet host only; CI's lanes load it.
                expect: { poll: { timeout: 15_000 } },
                include: ["tests/e2e/**/*.test.ts"],
                environment: "node",
                // The same real server as the API tests, driven through Chromium.
                globalSetup: ["tests/api/global-setup.ts"],
                testTimeout: SERVER_TEST_TIMEOUT_MS,
                hookTimeout: 180_000,
                fileParallelism: false,
              },
            },
          ]),
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
                testTimeout: SERVER_TEST_TIMEOUT_MS,
                hookTimeout: 240_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
