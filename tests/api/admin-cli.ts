// The admin command line as tests run it: `--json`, production mode, the server's settings. Async, so
// that a webhook receiver living in the test process can answer while it runs.
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./server";

export interface AdminRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** the printed object when the command succeeded */
  json: Record<string, unknown> | null;
}

export function runAdmin(args: string[], env: Record<string, string>): Promise<AdminRun> {
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "lib/admin/cli.ts", ...args, "--json"], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: "production" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr, json: status === 0 ? (JSON.parse(stdout) as Record<string, unknown>) : null })),
  );
}
