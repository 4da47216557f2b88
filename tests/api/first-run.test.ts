// First run and graceful shutdown, each on a server of its own with an empty database.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { basic, run } from "./client";
import { ownDatabase, startServer, type RunningServer } from "./server";

describe("a first run on an empty database", () => {
  const dataDir = path.join(run.dataDir, "first-run");
  const own = ownDatabase(dataDir, "first");
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    await own.drop();
  });

  it("creates a demo tenant, prints a working key once, and closes the database on SIGTERM", async () => {
    const env: Record<string, string> = { ...run.env, ...own.env, SEED_DEMO: "1" };
    const logFile = path.join(dataDir, "server.log");
    server = await startServer(env, logFile);

    const log = fs.readFileSync(logFile, "utf8");
    const id = /API key id:\s+(ak_[a-z0-9]+)/.exec(log)?.[1];
    const secret = /API secret:\s+(sk_[A-Za-z0-9_-]+)/.exec(log)?.[1];
    expect(id && secret, log).toBeTruthy();
    expect(log).toMatch(/Panel login:\s+admin@demo\.local \/ \S{16}/);

    const auth = { Authorization: basic({ id: id!, secret: secret! }) };
    const me = await fetch(`${server.url}/v1/me`, { headers: auth });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      tenant: { code: "demo", name: "Demo Klinik" },
      key: { scopes: ["onam:yaz", "onam:oku", "sablon:oku", "sablon:yaz"] },
    });
    const templates = await fetch(`${server.url}/v1/templates`, { headers: auth });
    expect(await templates.json()).toMatchObject({
      count: 1,
      data: [{ code: "genel-tibbi-mudahale", title: "Genel Tıbbi Müdahale Onam Formu", version: 1 }],
    });

    // Only the human banner shows the secret: no structured (JSON) log line carries it.
    const jsonLines = fs.readFileSync(logFile, "utf8").split("\n").filter((l) => l.startsWith("{"));
    expect(jsonLines.length).toBeGreaterThan(0);
    expect(jsonLines.filter((l) => l.includes(secret!))).toEqual([]);

    expect(await server.stop()).toBe(0);
    server = undefined;
    if (run.driver === "pglite") {
      expect(fs.existsSync(path.join(dataDir, ".pglite.lock"))).toBe(false);
    }
  });
});
