// npm run bench:pages — the pages people open, measured as Lighthouse measures them (issue #42):
// first-load JavaScript transferred, and the performance, accessibility and best-practices scores on
// a mobile profile, for the signing page (a fresh link), /dogrula, the panel's sign-in and `/`.
// Lighthouse runs from npm on demand (`npx lighthouse@12`, the last line that runs on Node 20) with
// Debian's Chromium; nothing here is part of CI. Writes bench/pages.json. Targets: docs/performance.md.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensureBuilt, ROOT, startSeededServer } from "../tests/api/server";
import { apiHeaders, CONSENT_BODY } from "./sign-flow";

const LIGHTHOUSE = "lighthouse@12.8.2";
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface PageResult {
  page: string;
  scriptKb: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  jsTarget: number;
}

interface LighthouseReport {
  categories: Record<"performance" | "accessibility" | "best-practices", { score: number | null }>;
  audits: { "resource-summary": { details: { items: { resourceType: string; transferSize: number }[] } } };
}

function lighthouse(url: string, out: string): LighthouseReport {
  execFileSync(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      `--chrome-path=${CHROMIUM}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage",
      "--only-categories=performance,accessibility,best-practices",
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  return JSON.parse(fs.readFileSync(out, "utf8")) as LighthouseReport;
}

async function main(): Promise<void> {
  ensureBuilt();
  const dataDir = path.join(ROOT, "test-data", `bench-pages-${randomBytes(4).toString("hex")}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const { server, key } = await startSeededServer(
    { DATA_DIR: dataDir, APP_SECRET: randomBytes(32).toString("base64url"), SMS_DRIVER: "file", LOG_LEVEL: "warn" },
    path.join(dataDir, "server.log"),
  );
  try {
    const created = await fetch(`${server.url}/v1/consents`, { method: "POST", headers: apiHeaders(key), body: CONSENT_BODY });
    const consent = (await created.json()) as { link: { url: string } };
    const signing = `${server.url}/s/${consent.link.url.split("/s/")[1]!}`;
    const pages: [string, string, number][] = [
      ["signing page /s/{token}", signing, 120],
      ["/dogrula", `${server.url}/dogrula`, 120],
      ["panel sign-in /panel/login", `${server.url}/panel/login`, 150],
      ["/", `${server.url}/`, 150],
    ];
    const results: PageResult[] = [];
    for (const [page, url, jsTarget] of pages) {
      const r = lighthouse(url, path.join(dataDir, `${results.length}.json`));
      const script = r.audits["resource-summary"].details.items.find((i) => i.resourceType === "script")?.transferSize ?? 0;
      const score = (k: keyof LighthouseReport["categories"]) => Math.round((r.categories[k].score ?? 0) * 100);
      results.push({ page, scriptKb: Math.round(script / 102.4) / 10, performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), jsTarget });
    }
    const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    console.log(`\nLighthouse ${LIGHTHOUSE.split("@")[1]}, mobile, load average ${load}`);
    console.log("page | JS transferred (KB) | target | performance | accessibility | best practices");
    for (const r of results) {
      const met = r.scriptKb <= r.jsTarget && r.accessibility === 100 && r.bestPractices === 100;
      console.log(`${r.page} | ${r.scriptKb} | ≤ ${r.jsTarget} | ${r.performance} | ${r.accessibility} | ${r.bestPractices}${met ? "" : "  ← miss"}`);
    }
    fs.writeFileSync(path.join(ROOT, "bench", "pages.json"), `${JSON.stringify({ at: new Date().toISOString(), load, results }, null, 2)}\n`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
