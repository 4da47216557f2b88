// `npm run check`: no import cycle among the project's own files, counting `import type` too.
// ESLint's import-x/no-cycle catches the cycles that matter at run time but skips type-only imports
// by design; a type cycle still ties two modules together, so this walks every import (Tarjan's SCC).
import fs from "node:fs";
import path from "node:path";

// The project by default; a folder given as the first argument instead (the check's own test).
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const SKIP = new Set(["node_modules", ".next", "generated", "data", "test-data", ".git"]);
const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name)) files.push(p);
  }
})(root);

const known = new Set(files);
function resolve(from, spec) {
  const base = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((c) => known.has(c)) ?? null;
}
const graph = new Map(
  files.map((f) => {
    const text = fs.readFileSync(f, "utf8");
    return [f, [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => resolve(f, m[1])).filter(Boolean)];
  }),
);

let counter = 0;
const stack = [];
const index = new Map();
const low = new Map();
const onStack = new Set();
const cycles = [];
function visit(v) {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) !== index.get(v)) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    onStack.delete(w);
    component.push(path.relative(root, w));
  } while (w !== v);
  if (component.length > 1) cycles.push(component);
}
for (const f of files) if (!index.has(f)) visit(f);

if (cycles.length > 0) {
  console.error(`Import cycles (type imports included):\n${cycles.map((c) => `  ${c.join(" ↔ ")}`).join("\n")}`);
  process.exit(1);
}
