// End-to-end tests of the admin command line: the real CLI in child processes on a fresh PGlite database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI through /usr/bin/env, which clears the database and secret settings the test runner
 * may carry (so the child uses its own PGlite and generates its secrets) without this file reading
 * process.env.
 */
function cli(dataDir: string, args: string[], extraEnv: string[] = []): Promise<Run> {
  const unset = ["DATABASE_URL", "PGLITE_DIR", "APP_SECRET", "APP_ENCRYPTION_KEY", "WEBHOOK_ALLOW_PRIVATE", "SEED_DEMO"];
  const envArgs = [...unset.flatMap((name) => ["-u", name]), `DATA_DIR=${dataDir}`, ...extraEnv];
  return new Promise((resolve, reject) => {
    const child = spawn("env", [...envArgs, TSX, "lib/admin/cli.ts", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function json(run: Run): Record<string, unknown> {
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout.trim().split("\n")).toHaveLength(1);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

function expectBadInput(run: Run, message: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(message);
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\s+at\s/);
}

// The first command on a fresh machine transpiles the CLI's imports (tsx) and creates and migrates the
// database, beside CI's other lanes: over a minute there (2026-11-29), seconds on a quiet host.
const T = 180_000;
let root: string;
let dataDir: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-cli-"));
  dataDir = path.join(root, "data");
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("admin CLI", () => {
  let keyId = "";

  it("tenant create prints the tenant", { timeout: T }, async () => {
    const t = json(await cli(dataDir, ["tenant", "create", "--code", "klinik1", "--name", "Klinik Bir", "--quota", "50", "--license-ends", "2027-06-30", "--json"]));
    expect(t).toMatchObject({
      code: "klinik1",
      name: "Klinik Bir",
      type: "klinik",
      storage: "merkezi",
      quota: { remaining: 50, unlimited: false, license_ends: "2027-06-30" },
    });
    expect(t.id).toMatch(/^tnt_[a-z0-9]+$/);
    // Generated on first start in the embedded mode (decisions §13).
    expect(fs.existsSync(path.join(dataDir, "secrets.json"))).toBe(true);
  });

  it("tenant create without --license-ends gives a licence of one year from today", { timeout: T }, async () => {
    const t = json(await cli(dataDir, ["tenant", "create", "--code", "klinik-suresiz", "--name", "Klinik Süresiz", "--json"])) as { quota: { license_ends: string } };
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date());
    expect(t.quota.license_ends).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
  });

  it("tenant create refuses a duplicate code with exit 2", { timeout: T }, async () => {
    expectBadInput(await cli(dataDir, ["tenant", "create", "--code", "klinik1", "--name", "Yine"]), /^hata: "klinik1" kodlu bir kurum zaten var\./);
  });

  it("key create prints id and secret once, human-readable by default", { timeout: T }, async () => {
    const k = json(await cli(dataDir, ["key", "create", "--tenant", "klinik1", "--name", "entegrasyon", "--scopes", "onam:yaz,onam:oku", "--json"]));
    expect(k.id).toMatch(/^ak_[a-z0-9]{16,}$/);
    expect(k.secret).toMatch(/^sk_[A-Za-z0-9_-]{43,}$/);
    expect(k.scopes).toEqual(["onam:yaz", "onam:oku"]);
    keyId = String(k.id);

    const human = await cli(dataDir, ["key", "create", "--tenant", "klinik1", "--name", "ikinci", "--scopes", "sablon:oku"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/id:\s+ak_[a-z0-9]{16,}/);
    expect(human.stdout).toMatch(/secret:\s+sk_[A-Za-z0-9_-]{43,}/);
    expect(human.stdout).toMatch(/yalnızca bu kez gösterilir/);
  });

  it("key revoke revokes, idempotently, and refuses an unknown id", { timeout: T }, async () => {
    const first = json(await cli(dataDir, ["key", "revoke", "--id", keyId, "--json"]));
    expect(first).toEqual({ id: keyId, revoked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const again = json(await cli(dataDir, ["key", "revoke", "--id", keyId, "--json"]));
    expect(again.revoked_at).toBe(first.revoked_at);
    expectBadInput(await cli(dataDir, ["key", "revoke", "--id", "ak_doesnotexist000000"]), /^hata: "ak_doesnotexist000000" kimlikli API anahtarı bulunamadı\.$/m);
  });

  it("quota set updates the quota and licence", { timeout: T }, async () => {
    const q = json(await cli(dataDir, ["quota", "set", "--tenant", "klinik1", "--remaining", "7", "--license-ends", "2028-02-29", "--json"]));
    expect(q).toEqual({ tenant: "klinik1", quota: { remaining: 7, unlimited: false, license_ends: "2028-02-29" } });
    const u = await cli(dataDir, ["quota", "set", "--tenant", "klinik1", "--unlimited"]);
    expect(u.code).toBe(0);
    expect(u.stdout).toMatch(/sınırsız/);
  });

  it("webhook set saves the endpoint and returns a signing secret", { timeout: T }, async () => {
    // A loopback http URL needs WEBHOOK_ALLOW_PRIVATE, and avoids depending on DNS.
    const w = json(await cli(dataDir, ["webhook", "set", "--tenant", "klinik1", "--url", "http://127.0.0.1:9/hook", "--json"], ["WEBHOOK_ALLOW_PRIVATE=1"]));
    expect(w).toEqual({
      url: "http://127.0.0.1:9/hook",
      events: ["consent.completed", "consent.rejected", "consent.expired"],
      // decisions §21: whsec_ + 32 random bytes in standard base64, as Standard Webhooks libraries read it
      signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expectBadInput(
      await cli(dataDir, ["webhook", "set", "--tenant", "klinik1", "--url", "http://127.0.0.1:9/hook"]),
      /--url: Webhook adresi https:\/\/ ile başlamalı/,
    );
  });

  it("user create creates a user and refuses bad values", { timeout: T }, async () => {
    const u = json(await cli(dataDir, ["user", "create", "--tenant", "klinik1", "--email", "Hekim@Example.com", "--password", "cok-gizli-1", "--role", "admin", "--json"]));
    expect(u).toMatchObject({ email: "hekim@example.com", role: "admin", tenant: "klinik1" });
    expect(u.id).toMatch(/^usr_[a-z0-9]+$/);
    expect(JSON.stringify(u)).not.toContain("cok-gizli-1");
    expectBadInput(
      await cli(dataDir, ["user", "create", "--tenant", "klinik1", "--email", "not-an-email", "--password", "kisa"]),
      /geçersiz değer: --email: .*; --password: en az 8 karakter/,
    );
  });

  it("user reset-link gives a one-time link by e-mail; user reset-two-factor says when it is already off", { timeout: T }, async () => {
    const link = json(await cli(dataDir, ["user", "reset-link", "--tenant", "klinik1", "--email", "HEKIM@example.com", "--json"]));
    expect(link).toMatchObject({ tenant: "klinik1", url: expect.stringMatching(/\/panel\/reset\/[a-z0-9]{20}\.[A-Za-z0-9_-]{43}$/) });
    expect(Date.parse(String(link.expires_at)) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expectBadInput(await cli(dataDir, ["user", "reset-two-factor", "--tenant", "klinik1", "--email", "hekim@example.com"]), /iki adımlı doğrulaması zaten kapalı/);
    expectBadInput(await cli(dataDir, ["user", "reset-link", "--tenant", "klinik1", "--email", "yok@example.com"]), /kayıtlı bir kullanıcı yok/);
  });

  it("bad command lines exit 2 with one line, without touching the database", { timeout: T }, async () => {
    const fresh = path.join(root, "untouched");
    // These fail before the database is opened, so they can run side by side.
    const cases: [string[], RegExp][] = [
      [["tenant", "remove"], /bilinmeyen komut "tenant remove"/],
      [["key", "create", "--tenant", "x", "--name", "n"], /--scopes zorunlu/],
      [["key", "revoke", "--id", "ak_x", "--bogus"], /bilinmeyen seçenek --bogus/],
      [["quota", "set", "--tenant", "x", "--remaining", "many"], /--remaining: "many"/],
      [[], /komut verilmedi/],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(fresh, args)));
    runs.forEach((run, i) => expectBadInput(run, cases[i]![1]));
    const asJson = await cli(fresh, ["key", "revoke", "--id", "ak_x", "--bogus", "--json"]);
    expect(asJson.code).toBe(2);
    expect(JSON.parse(asJson.stdout)).toEqual({ error: { message: expect.stringMatching(/bilinmeyen seçenek --bogus/), exit_code: 2 } });
    expect(fs.existsSync(fresh)).toBe(false);

    const help = await cli(fresh, ["help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/tenant create --code C --name N/);
  });

  it("exits 3 with a clear message while another process holds the embedded database", { timeout: T }, async () => {
    const locked = path.join(root, "locked");
    fs.mkdirSync(locked, { recursive: true });
    const lockFile = path.join(locked, ".pglite.lock");
    // This test runner is alive, so the lock is not stale.
    fs.writeFileSync(lockFile, String(process.pid));
    const run = await cli(locked, ["quota", "set", "--tenant", "klinik1", "--remaining", "1"]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(new RegExp(`in use by process ${process.pid} \\(probably a running server\\)`));
    expect(run.stderr).not.toMatch(/\s+at\s/);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    // With --json, stdout still carries one JSON object: the error.
    const asJson = await cli(locked, ["quota", "set", "--tenant", "klinik1", "--remaining", "1", "--json"]);
    expect(asJson.code).toBe(3);
    expect(JSON.parse(asJson.stdout)).toEqual({ error: { message: expect.stringMatching(/in use by process/), exit_code: 3 } });
  });
});
