// Builds the e-onam-imza package's program: lib/imza-agent's command (lib/imza-agent/run-cli.ts) and
// what it imports — the project's TypeScript, pkijs, asn1js — bundled by esbuild into one file,
// dist/e-onam-imza.mjs. pkcs11js stays outside: it is a native addon (the one dependency the package
// installs). `npm pack` runs this (prepack), so a tarball always holds the bundle of the sources it was
// packed from. Pinned esbuild, as for the verifier (verifier/build.mjs): the same sources give the
// same bytes. `node build.mjs --outdir <dir>` writes elsewhere (the agent's test runs the bundle).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const at = process.argv.indexOf("--outdir");
const dist = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(here, "dist");
const pkg = JSON.parse(fs.readFileSync(path.join(here, "package.json"), "utf8"));

const require = createRequire(path.join(here, "package.json"));
const esbuild = require("esbuild");
if (esbuild.version !== pkg.devDependencies.esbuild) {
  console.error(`imza-agent/build.mjs: esbuild ${esbuild.version} found, the package pins ${pkg.devDependencies.esbuild}: the bundle would not be reproducible`);
  process.exit(1);
}
// The agent prints its version (lib/imza-agent/version.ts); the package must say the same.
const versionTs = fs.readFileSync(path.join(root, "lib", "imza-agent", "version.ts"), "utf8");
if (!versionTs.includes(`"${pkg.version}"`)) {
  console.error(`imza-agent/build.mjs: lib/imza-agent/version.ts does not say ${pkg.version}, as package.json does`);
  process.exit(1);
}

fs.rmSync(dist, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: ["lib/imza-agent/run-cli.ts"],
  outfile: path.join(dist, "e-onam-imza.mjs"),
  tsconfig: "tsconfig.json",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["pkcs11js"],
  banner: { js: `#!/usr/bin/env node\n// e-onam-imza ${pkg.version}: built from lib/imza-agent by imza-agent/build.mjs; licences in THIRD-PARTY-LICENSES.txt.\nimport { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);` },
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});

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
fs.writeFileSync(path.join(dist, "THIRD-PARTY-LICENSES.txt"), `e-onam-imza bundles these packages (pkcs11js is installed beside it):\n\n${notices.join(`\n${"-".repeat(72)}\n\n`)}`);
fs.chmodSync(path.join(dist, "e-onam-imza.mjs"), 0o755);
console.log(`${path.relative(process.cwd(), path.join(dist, "e-onam-imza.mjs"))}: ${fs.statSync(path.join(dist, "e-onam-imza.mjs")).size} bytes, ${packages.size} bundled packages`);
