// The SDK's generated client (sdk/src/client) is what the current OpenAPI document generates: the
// document the real server serves is fed to @hey-api/openapi-ts with the SDK's own configuration
// (sdk/openapi-ts.config.ts) into a temporary folder, and every file must equal the committed one.
// When this fails after a change to the API: `cd sdk && EONAM_OPENAPI=<server>/v1/openapi.json npm run generate`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type UserConfig } from "@hey-api/openapi-ts";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "./client";
import { ROOT } from "./server";

const committed = path.join(ROOT, "sdk", "src", "client");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-sdk-"));

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

describe("the SDK's generated client", () => {
  it("equals what the server's /v1/openapi.json generates with the SDK's configuration", { timeout: 180_000 }, async () => {
    const doc = await (await fetch(`${run.url}/v1/openapi.json`)).text();
    const input = path.join(tmp, "openapi.json");
    fs.writeFileSync(input, doc);
    const out = path.join(tmp, "client");
    const config = (await (await import("../../sdk/openapi-ts.config")).default) as UserConfig;
    const output = typeof config.output === "object" ? config.output : { path: String(config.output) };
    await createClient({ ...config, input, output: { ...output, path: out }, logs: { file: false, level: "silent" } } as UserConfig);
    expect(files(out)).toEqual(files(committed));
    for (const f of files(committed)) {
      expect(fs.readFileSync(path.join(out, f), "utf8"), `sdk/src/client/${f} is stale: regenerate the SDK`).toBe(fs.readFileSync(path.join(committed, f), "utf8"));
    }
  });
});
