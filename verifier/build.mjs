// Builds the e-onam-verify package's one file: lib/verifier's command (lib/verifier/run-cli.ts) and
// everything it imports — the project's TypeScript, pkijs, asn1js and their helpers — bundled by
// esbuild into dist/e-onam-verify.mjs, which runs on Node ≥ 20 with nothing installed beside it
// (decisions §24 rule 6). `npm pack` runs it (prepack), so a tarball always holds the bundle of the
// sources it was packed from and the bundle is never committed. The same sources and the esbuild
// version pinned in package.json give the same bytes; another esbuild version is refused rather than
// giving a different file under the same package version. The licences of what is bundled go beside
// it, in dist/THIRD-PARTY-LICENSES.txt.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const dist = path.join(here, "dist");
const pkg = JSON.parse(fs.readFileSync(path.join(here, "package.json"), "utf8"));

// esbuild from this folder's node_modules when installed there, else the checkout's (tsx brings it).
const require = createRequire(path.join(here, "package.json"));
const esbuild = require("esbuild");
const wanted = pkg.devDependencies.esbuild;
if (esbuild.version !== wanted) {
  console.error(`verifier/build.mjs: esbuild ${esbuild.version} found, the package pins ${wanted}: the bundle would not be reproducible`);
  process.exit(1);
}

fs.rmSync(dist, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: ["lib/verifier/run-cli.ts"],
  outfile: path.join(dist, "e-onam-verify.mjs"),
  tsconfig: "tsconfig.json",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // The CommonJS modules inside (asn1js's helpers) call require() for Node's own modules; an ES module has none.
  banner: { js: `#!/usr/bin/env node\n// e-onam-verify ${pkg.version}: built from lib/verifier by verifier/build.mjs; licences in THIRD-PARTY-LICENSES.txt.\nimport { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);` },
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});

// Every package the bundle holds, by the folder its files came from, with its licence text.
const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m && !packages.has(m[1])) packages.set(m[1], JSON.parse(fs.readFileSync(path.join(root, m[1], "package.json"), "utf8")));
}
const notices = [...packages.entries()]
  .sort(([, a], [, b]) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
  .map(([dir, p]) => {
    const file = fs.readdirSync(path.join(root, dir)).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text = file ? fs.readFileSync(path.join(root, dir, file), "utf8").trim() : `(no licence file; package.json says ${p.license})`;
    return `${p.name} ${p.version} (${p.license})\n\n${text}\n`;
  });
fs.writeFileSync(path.join(dist, "THIRD-PARTY-LICENSES.txt"), `e-onam-verify bundles these packages:\n\n${notices.join(`\n${"-".repeat(72)}\n\n`)}`);
fs.chmodSync(path.join(dist, "e-onam-verify.mjs"), 0o755);
console.log(`verifier/dist/e-onam-verify.mjs: ${fs.statSync(path.join(dist, "e-onam-verify.mjs")).size} bytes, ${packages.size} bundled packages`);
