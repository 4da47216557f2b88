// PGlite must be opened by exactly one process: two on one directory corrupt it, and nothing in
// PGlite prevents that. An exclusive lock file holding the owner's pid makes a second process refuse.
import fs from "node:fs";
import path from "node:path";

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by process ${pid} (probably a running server). ` +
        `Stop that process first, or set DATABASE_URL to use PostgreSQL, which many processes can share.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock or throws DatabaseLockedError; a lock left by a dead process is taken over. */
export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(path.dirname(dir), `.${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(file, "utf8").trim());
      if (pid === process.pid) throw new DatabaseLockedError(dir, pid);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DatabaseLockedError(dir, pid);
      fs.rmSync(file, { force: true }); // stale: its owner died without cleaning up
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
