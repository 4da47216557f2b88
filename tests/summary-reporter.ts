// Prints one plain closing line, `N passed, N failed, N skipped`, that any CI log reader understands,
// and before it each project's time: its files' summed duration and its slowest files, so the next
// cut of the CI's time is measured, not guessed (the whole record: test-results/*.json, vitest's
// JSON reporter, configured in vitest.config.ts).
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const m of modules) for (const t of m.children.allTests()) count[t.result().state]++;
    if (modules.some((m) => m.state() === "failed" && [...m.children.allTests()].length === 0)) count.failed++;
    const byProject = new Map<string, TestModule[]>();
    for (const m of modules) byProject.set(m.project.name, [...(byProject.get(m.project.name) ?? []), m]);
    for (const [name, files] of byProject) {
      const timed = files.map((m) => ({ file: m.moduleId.replace(`${process.cwd()}/`, ""), ms: m.diagnostic().duration }));
      const total = timed.reduce((s, f) => s + f.ms, 0);
      const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 5);
      console.log(`${name}: ${files.length} files, ${(total / 1000).toFixed(0)} s; slowest: ${slowest.map((f) => `${f.file} ${(f.ms / 1000).toFixed(1)} s`).join(", ")}`);
    }
    console.log(`\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
  }
}
