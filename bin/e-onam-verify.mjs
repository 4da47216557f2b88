#!/usr/bin/env node
// The offline verifier of a sealed e-Onam PDF (decisions §20, §24): see lib/verifier/cli.ts. In a
// checkout it runs the project's TypeScript through tsx, with the project's tsconfig wherever it is
// called from. Outside one, the e-onam-verify package runs the same sources with Node alone:
// `cd verifier && npm pack` bundles them (verifier/build.mjs) into a tarball, see verifier/README.md.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
register({ tsconfig: path.join(root, "tsconfig.json") });
await import(path.join(root, "lib", "verifier", "run-cli.ts"));
