// `npm run check`: no import cycle among the project's own files (Tarjan's SCC over every import: static,
// `import type` too, since a type cycle still ties two modules together, side-effect `import "…"` and
// dynamic `import("…")`), and no cycle among lib's folders. It is the project's only cycle check: a
// resolver-based lint rule (import-x/no-cycle) found the same cycles in ~10 s of CI's CPU.
import fs from "node:fs";
import path from "node:path";

// The project by default; a folder given as the first argument instead (the check's own test).
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const SKIP = new Set(["node_modules", ".next", "generated", "data", "test-data", ".git"]);
// Generated code, as ESLint ignores it: the SDK's client (made by @hey-api/openapi-ts, whose own files
// import one another both ways) and the packages' build output.
const SKIP_PATHS = new Set(["sdk/src/client", "sdk/dist", "verifier/dist", "imza-agent/dist"].map((p) => path.join(root, p)));
const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (SKIP.has(e.name) || SKIP_PATHS.has(p)) continue;
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name)) files.push(p);
  }
})(root);

const known = new Set(files);
function resolve(from, spec) {
  const base = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  // TypeScript's ESM form names a file by its output: "./client.gen.js" is ./client.gen.ts.
  const stem = base.replace(/\.js$/, "");
  return [base, `${base}.ts`, `${base}.tsx`, `${stem}.ts`, `${stem}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((c) => known.has(c)) ?? null;
}
const graph = new Map(
  files.map((f) => {
    const text = fs.readFileSync(f, "utf8");
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm),
      ...text.matchAll(/^import\s+["']([^"']+)["']/gm),
      ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ].map((m) => m[1]);
    return [f, specifiers.map((s) => resolve(f, s)).filter(Boolean)];
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

// Floors (docs/design.md, "Layout"): lib's folders form no cycle either. A folder is the first path
// segment under lib/; a root file lib/x.ts is its own node, except that lib/db.ts belongs to lib/db/ (a
// root file that fronts a folder of the same name is that folder's door). Tests are left out: a test may
// set up its case from any floor without making its folder lean on that one.
const libDir = path.join(root, "lib");
if (fs.existsSync(libDir)) {
  const folderOf = (file) => {
    const [head, ...rest] = path.relative(libDir, file).split(path.sep);
    if (rest.length > 0) return head;
    const stem = head.replace(/\.tsx?$/, "");
    return fs.existsSync(path.join(libDir, stem)) ? stem : head;
  };
  const isLib = (f) => !path.relative(libDir, f).startsWith("..");
  const isTest = (f) => /\.test\.tsx?$/.test(f);
  const folderEdges = new Map(); // "a -> b" → file edges behind it
  for (const [from, targets] of graph) {
    if (!isLib(from) || isTest(from)) continue;
    for (const to of targets) {
      if (!isLib(to)) continue;
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === b) continue;
      const key = `${a} -> ${b}`;
      if (!folderEdges.has(key)) folderEdges.set(key, []);
      folderEdges.get(key).push(`${path.relative(root, from)} -> ${path.relative(root, to)}`);
    }
  }
  const next = new Map();
  for (const key of folderEdges.keys()) {
    const [a, b] = key.split(" -> ");
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a).push(b);
  }
  const folderCycles = stronglyConnected(next);
  if (folderCycles.length > 0) {
    const lines = [];
    for (const component of folderCycles) {
      lines.push(`  ${component.sort().join(" ↔ ")}`);
      for (const a of component)
        for (const b of component) {
          const key = `${a} -> ${b}`;
          if (a !== b && folderEdges.has(key)) lines.push(`    ${key}:`, ...folderEdges.get(key).map((e) => `      ${e}`));
        }
    }
    console.error(`Folder cycles in lib/ (a lower floor imports a higher one):\n${lines.join("\n")}`);
    process.exit(1);
  }
}

// Tarjan's strongly connected components of a small graph (node → successors), those of two or more.
function stronglyConnected(successors) {
  let count = 0;
  const order = new Map();
  const lowest = new Map();
  const path = [];
  const onPath = new Set();
  const found = [];
  const enter = (v) => {
    order.set(v, count);
    lowest.set(v, count++);
    path.push(v);
    onPath.add(v);
    for (const w of successors.get(v)) {
      if (!order.has(w)) {
        enter(w);
        lowest.set(v, Math.min(lowest.get(v), lowest.get(w)));
      } else if (onPath.has(w)) lowest.set(v, Math.min(lowest.get(v), order.get(w)));
    }
    if (lowest.get(v) !== order.get(v)) return;
    const component = [];
    let w;
    do {
      w = path.pop();
      onPath.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component);
  };
  for (const v of successors.keys()) if (!order.has(v)) enter(v);
  return found;
}
