import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDirLock, DatabaseLockedError } from "@/lib/db/lock";

describe("acquireDirLock", () => {
  const dir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lock-")), "pglite");

  it("refuses a second holder while the first holds it, and frees it on release", () => {
    const d = dir();
    const release = acquireDirLock(d);
    expect(() => acquireDirLock(d)).toThrow(DatabaseLockedError);
    release();
    acquireDirLock(d)();
  });

  it("refuses when a live process holds it, naming the pid", () => {
    const d = dir();
    fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(path.join(path.dirname(d), ".pglite.lock"), String(process.ppid));
    expect(() => acquireDirLock(d)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it("takes over a lock left by a dead process", () => {
    const d = dir();
    fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(path.join(path.dirname(d), ".pglite.lock"), "999999");
    acquireDirLock(d)();
  });
});
