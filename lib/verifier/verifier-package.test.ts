// Decisions §24 rule 6: `npm pack` of verifier/ yields a tarball that runs with Node alone. Packed here
// (its prepack bundles lib/verifier with esbuild), installed with `npm install --offline` from an empty
// npm cache into an empty folder outside the checkout, and run with plain `node` — no tsx, nothing on
// PATH but node, no NODE_OPTIONS — on a consent sealed with the test PKI (tests/pki: openssl TSA, OCSP
// responder, CRLs) and on a forgery of it: VALID with exit 0, INVALID with the reason and exit 1,
// exit 2 for a command line it cannot use. The checkout's bin (bin/e-onam-verify.mjs, through tsx)
// gives the same report, and packing twice gives the same bytes.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPki, type TestPki } from "@/tests/pki";
import { paintOver } from "@/tests/verifier/forgeries";
import { consentPdf, entryOf, kanitJson, makeLogKey, sealWithPki, trustStatement, type TestLogKey } from "@/tests/verifier/pki-documents";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-verifier-package-"));
const project = path.join(work, "hbys");
const bin = path.join(project, "node_modules", ".bin", "e-onam-verify");
// Node's own folder and the system's, nothing of the checkout: a tsx or an esbuild there is not found.
const plainEnv = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: work, npm_config_cache: path.join(work, "npm-cache"), npm_config_loglevel: "error", npm_config_update_notifier: "false" };

let pki: TestPki;
let log: TestLogKey;
let tarball: string;
let genuine: string;
let forged: string;

function sh(cmd: string, args: string[], cwd: string, env: Record<string, string | undefined> = plainEnv): SpawnSyncReturns<string> {
  // The app's typing of process.env requires NODE_ENV; a child's environment here has none.
  const r = spawnSync(cmd, args, { cwd, env: env as NodeJS.ProcessEnv, encoding: "utf8", timeout: 120_000 });
  if (r.error) throw r.error;
  return r;
}

function ok(cmd: string, args: string[], cwd: string, env?: Record<string, string | undefined>): string {
  const r = sh(cmd, args, cwd, env);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

const lastLine = (out: string) => out.trimEnd().split("\n").at(-1);

beforeAll(async () => {
  // npm pack runs prepack (verifier/build.mjs), which finds esbuild in the checkout: the checkout's PATH.
  const pack = (into: string) => {
    fs.mkdirSync(into, { recursive: true });
    ok("npm", ["pack", "--pack-destination", into, "--ignore-scripts=false"], path.join(ROOT, "verifier"), { ...process.env, npm_config_loglevel: "error" });
    const [file] = fs.readdirSync(into).filter((f) => f.endsWith(".tgz"));
    return path.join(into, file!);
  };
  tarball = pack(path.join(work, "pack-1"));
  const again = pack(path.join(work, "pack-2"));
  const sha = (f: string) => createHash("sha256").update(fs.readFileSync(f)).digest("hex");
  expect(sha(again), "packing the same sources twice gives the same tarball").toBe(sha(tarball));

  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "hbys", private: true }));
  ok("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], project);

  pki = await createTestPki({ bits: 2048, keys: "verifier-package", dir: path.join(work, "pki") });
  await pki.start();
  log = makeLogKey();
  const statement = trustStatement(log, [entryOf("seal", pki.seal), entryOf("tsa", pki.tsa)]);
  const sealed = await sealWithPki(await consentPdf(kanitJson("ons_261128_pkipkipkipki", log, statement)), pki);
  genuine = path.join(work, "onam.pdf");
  forged = path.join(work, "boyanmis.pdf");
  fs.writeFileSync(genuine, sealed);
  fs.writeFileSync(forged, await paintOver(sealed));
  fs.writeFileSync(path.join(work, "log.key"), `${log.verifierKey}\n`);
}, 180_000);

afterAll(async () => {
  await pki?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the e-onam-verify package", () => {
  it("is one bundled file, its licences and its readme, and installs with nothing beside it", () => {
    const installed = path.join(project, "node_modules");
    expect(fs.readdirSync(installed).filter((f) => !f.startsWith(".")), "no dependency installed").toEqual(["e-onam-verify"]);
    const files = fs.readdirSync(path.join(installed, "e-onam-verify"), { recursive: true, encoding: "utf8" }).sort();
    expect(files).toEqual(["README.md", "dist", "dist/THIRD-PARTY-LICENSES.txt", "dist/e-onam-verify.mjs", "package.json"]);
    const pkg = JSON.parse(fs.readFileSync(path.join(installed, "e-onam-verify", "package.json"), "utf8")) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: "e-onam-verify", bin: { "e-onam-verify": "dist/e-onam-verify.mjs" }, engines: { node: ">=20" } });
    expect(pkg.dependencies).toBeUndefined();
    // The bundle loads Node's own modules and nothing else.
    const bundle = fs.readFileSync(path.join(installed, "e-onam-verify", "dist", "e-onam-verify.mjs"), "utf8");
    const specifiers = [...bundle.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !builtinModules.includes(s.replace(/^node:/, "")))).toEqual([]);
    expect(fs.readFileSync(path.join(installed, "e-onam-verify", "dist", "THIRD-PARTY-LICENSES.txt"), "utf8")).toMatch(/^pkijs \d+\.\d+\.\d+ \(BSD-3-Clause\)$/m);
  });

  it("calls a genuine sealed consent VALID with exit 0, listing every signature", () => {
    const r = sh(bin, [genuine, "--key", path.join(work, "log.key")], project);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/✓ seal\s+Test Klinik A\.Ş\. e-Mühür — valid, trusted, not qualified, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
    expect(r.stdout).toMatch(/✓ timestamp\s+Test ESHS Zaman Damgası — valid, trusted/);
    expect(r.stdout).toMatch(/✓ document-timestamp\s+Test ESHS Zaman Damgası — valid, trusted/);
    expect(r.stdout).toContain("level: B-LTA");
    expect(lastLine(r.stdout)).toBe("VALID");
    expect(r.status).toBe(0);
  });

  it("calls a forgery INVALID with exit 1, naming what changed after the seal", () => {
    const r = sh(bin, [forged, "--key", log.verifierKey], project);
    expect(lastLine(r.stdout)).toMatch(/^INVALID: changes after the seal: page 1's \/Contents was changed/);
    expect(r.status).toBe(1);
  });

  it("without the log key and with no anchor, trusts nothing the file carries: INVALID", () => {
    const r = sh(bin, [genuine], project);
    expect(lastLine(r.stdout)).toMatch(/^INVALID: .*not at a trust anchor/);
    expect(r.status).toBe(1);
    // The test root as a --trust anchor pins the chains instead.
    const anchored = sh(bin, [genuine, "--trust", pki.rootFile, "--json"], project);
    expect(JSON.parse(anchored.stdout)).toMatchObject({ valid: true, reason: null, level: "B-LTA" });
  });

  it("prints the same report as JSON, and exits 2 for a command line it cannot use", () => {
    const r = sh(bin, [genuine, "--key", log.verifierKey, "--json"], project);
    const report = JSON.parse(r.stdout) as { valid: boolean; consent_id: string; signatures: { role: string; valid: boolean; trusted: boolean }[] };
    expect(report).toMatchObject({ valid: true, consent_id: "ons_261128_pkipkipkipki" });
    expect(report.signatures.map((s) => `${s.role} ${s.valid && s.trusted}`)).toEqual(["seal true", "timestamp true", "document-timestamp true"]);
    expect(r.status).toBe(0);

    const bad = sh(bin, [path.join(work, "missing.pdf")], project);
    expect(bad.stderr).toMatch(/missing\.pdf: no such file[\s\S]*usage: e-onam-verify/);
    expect(bad.status).toBe(2);
    expect(sh(bin, [genuine, "--key", "not-a-key+zz"], project).status).toBe(2);
  });

  it("runs as `npx ./e-onam-verify-<version>.tgz` (decisions §24 rule 6) with the npm cache empty", () => {
    const r = sh("npx", ["--yes", "--offline", `./${path.basename(tarball)}`, forged, "--key", log.verifierKey], path.dirname(tarball), { ...plainEnv, npm_config_cache: path.join(work, "npx-cache") });
    expect(lastLine(r.stdout), r.stderr).toMatch(/^INVALID: changes after the seal/);
    expect(r.status).toBe(1);
  });

  it("agrees with the checkout's bin/e-onam-verify.mjs, which runs the same sources through tsx", () => {
    const packaged = sh(bin, [genuine, "--key", log.verifierKey, "--json"], project);
    const checkout = ok(process.execPath, [path.join(ROOT, "bin", "e-onam-verify.mjs"), genuine, "--key", log.verifierKey, "--json"], work);
    expect(JSON.parse(checkout)).toEqual(JSON.parse(packaged.stdout));
  });
});
