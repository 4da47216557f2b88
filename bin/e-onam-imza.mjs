#!/usr/bin/env node
// The physician's signing agent (issue #48): see lib/imza-agent/cli.ts. In a checkout it runs the
// project's TypeScript through tsx; the e-onam-imza package (imza-agent/, `npm pack`) runs the same
// sources bundled, with Node and pkcs11js alone.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
register({ tsconfig: path.join(root, "tsconfig.json") });
await import(path.join(root, "lib", "imza-agent", "run-cli.ts"));
