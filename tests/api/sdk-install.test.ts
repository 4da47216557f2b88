// A TypeScript integrator installs the SDK as a package and is typed end to end: `npm pack` of sdk/
// (its prepare script compiles dist/), `npm install --prefer-offline` of the tarball into an empty project,
// a consumer compiled under strict NodeNext whose @ts-expect-error lines prove that wrong calls do
// not compile (an unused one fails the compilation), then run against the real server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultKey, run } from "./client";
import { ROOT } from "./server";

const project = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-integrator-"));
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

const CONSUMER = `
import { createEonamClient, getMe, listConsents, verifyWebhook, type Consent, type Problem } from "@e-onam/sdk";

declare const process: { argv: string[] };
const [baseUrl, keyId, secret] = process.argv.slice(2) as [string, string, string];
const client = createEonamClient({ baseUrl, keyId, secret });

const me = await getMe({ client, throwOnError: true });
const institution: string = me.data.tenant.name;

const { data, error, response } = await listConsents({ client, query: { limit: 2, status: "sent" } });
const problem: Problem | undefined = error;
const first: Consent | undefined = data?.data[0];
const status: Consent["status"] | undefined = first?.status;

// Never run: each line must fail to compile, or its @ts-expect-error fails the compilation.
export async function wrongCalls(): Promise<void> {
  // @ts-expect-error limit is a number
  await listConsents({ client, query: { limit: "2" } });
  // @ts-expect-error no such status
  await listConsents({ client, query: { status: "imzali" } });
  // @ts-expect-error a consent has no "name" at the top
  void first?.name;
  // @ts-expect-error the helper wants the raw body, not a parsed object
  verifyWebhook({}, {}, "whsec_x");
}

console.log(JSON.stringify({ institution, http: response?.status, count: data?.count, problem: problem?.code ?? null, status: status ?? null }));
`;

function sh(cmd: string, args: string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_loglevel: "error" } });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}

describe("installing the SDK", () => {
  it("packs, installs offline, type-checks a consumer strictly and runs it against the server", { timeout: 300_000 }, async () => {
    sh("npm", ["pack", "--pack-destination", project, "--ignore-scripts=false"], path.join(ROOT, "sdk"));
    const [tarball] = fs.readdirSync(project).filter((f) => f.endsWith(".tgz"));
    expect(tarball).toMatch(/^e-onam-sdk-\d+\.\d+\.\d+\.tgz$/);
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "hbys", private: true, type: "module" }));
    sh("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", `./${tarball}`], project);
    const installed = path.join(project, "node_modules", "@e-onam", "sdk");
    expect(fs.existsSync(path.join(installed, "dist", "index.d.ts"))).toBe(true);
    expect(fs.existsSync(path.join(project, "node_modules", "standardwebhooks"))).toBe(true);

    fs.writeFileSync(path.join(project, "consumer.ts"), CONSUMER);
    // As `tsc --init` writes it (skipLibCheck: standardwebhooks' own types name node's Buffer).
    const tsconfig = { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2023", "DOM"], types: [], strict: true, skipLibCheck: true, noEmitOnError: true }, files: ["consumer.ts"] };
    fs.writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify(tsconfig));
    sh(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], project);

    const key = defaultKey();
    const out = JSON.parse(sh(process.execPath, ["consumer.js", run.url, key.id, key.secret], project)) as Record<string, unknown>;
    expect(out).toMatchObject({ institution: "Acme Diş Kliniği", http: 200, problem: null });
    expect(typeof out.count).toBe("number");
  });
});
