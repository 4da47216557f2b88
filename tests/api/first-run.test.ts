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

  it("creates a demo tenant, keeps its working key in a file of its own, and closes the database on SIGTERM", async () => {
    const env: Record<string, string> = { ...run.env, ...own.env, SEED_DEMO: "1" };
    const logFile = path.join(dataDir, "server.log");
    server = await startServer(env, logFile);

    // In production the banner says where the credentials are, and that file (mode 0600) holds them.
    const log = fs.readFileSync(logFile, "utf8");
    const file = path.join(dataDir, "first-run-credentials.json");
    expect(log).toContain(`Credentials:   ${file}`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as { panel: { email: string; password: string }; api: { key_id: string; secret: string } };
    const { key_id: id, secret } = saved.api;
    expect(id).toMatch(/^ak_[a-z0-9]+$/);
    expect(saved.panel).toMatchObject({ email: "admin@demo.local", password: expect.stringMatching(/^\S{16}$/) });
    expect(log).not.toContain(secret);
    expect(log).not.toContain(saved.panel.password);

    const auth = { Authorization: basic({ id, secret }) };
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

    // No line of the output carries the secret, structured or not.
    const lines = fs.readFileSync(logFile, "utf8").split("\n");
    expect(lines.filter((l) => l.startsWith("{")).length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.includes(secret))).toEqual([]);

    expect(await server.stop()).toBe(0);
    server = undefined;
    if (run.driver === "pglite") {
      expect(fs.existsSync(path.join(dataDir, ".pglite.lock"))).toBe(false);
    }
  });
});
