#!/usr/bin/env node
// The offline verifier of a sealed e-Onam PDF (decisions §20): see lib/verifier/cli.ts. It runs the
// project's TypeScript through tsx, with the project's tsconfig wherever it is called from.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
register({ tsconfig: path.join(root, "tsconfig.json") });
await import(path.join(root, "lib", "verifier", "cli.ts"));
