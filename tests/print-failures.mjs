// CI's last words: every failed test of the runs' JSON reports (test-results/*.json), with the first
// lines of its error, so a red run says what failed even when only the end of its output is kept.
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve("test-results");
const strip = (s) => s.replace(/\u001b\[[0-9;]*m/g, "");
let failed = 0;
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")) : []) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  } catch {
    console.log(`${file}: not readable (the run stopped before writing it?)`);
    continue;
  }
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    const tests = (suite.assertionResults ?? []).filter((t) => t.status === "failed");
    if (suite.status === "failed" && tests.length === 0) {
      failed++;
      console.log(`✗ ${file} ${where}: ${strip(suite.message ?? "").split("\n").slice(0, 6).join("\n    ")}`);
    }
    for (const t of tests) {
      failed++;
      const why = strip((t.failureMessages ?? []).join("\n")).split("\n").filter(Boolean).slice(0, 6).join("\n    ");
      console.log(`✗ ${file} ${where} > ${t.fullName} (${Math.round(t.duration ?? 0)} ms)\n    ${why}`);
    }
  }
}
console.log(failed ? `${failed} failed test(s) above` : "no failed test in the JSON reports");
