// Pairing the agent with the panel (issue #48): the agent prints a one-time code on its own console;
// whoever types it into the panel gets a token that every later request must carry. The code is good
// for one pairing and five wrong tries (then the physician restarts the agent for a new one), so a page
// that guesses cannot pair. Only the tokens' SHA-256 is kept, on this computer, so a pairing survives
// a restart of the agent; the ten newest are kept.
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const MAX_TRIES = 5;
const MAX_PAIRINGS = 10;

interface Stored {
  origin: string;
  token_sha256: string;
  created_at: string;
}

export type PairResult = { ok: true; token: string } | { ok: false; reason: "incorrect"; triesLeft: number } | { ok: false; reason: "closed" };

const sha256 = (s: string) => createHash("sha256").update(s).digest();

export class Pairing {
  private code: string | null;
  private tries = 0;
  private stored: Stored[];
  private readonly file: string;

  constructor(
    private readonly origin: string,
    stateDir: string,
  ) {
    this.file = path.join(stateDir, "pairings.json");
    this.stored = Pairing.load(this.file).filter((s) => s.origin === origin);
    this.code = String(randomInt(0, 100_000_000)).padStart(8, "0");
  }

  private static load(file: string): Stored[] {
    try {
      const data = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
      return Array.isArray(data) ? data.filter((s): s is Stored => typeof s?.origin === "string" && typeof s?.token_sha256 === "string" && typeof s?.created_at === "string") : [];
    } catch {
      return [];
    }
  }

  /** The code to print, `1234-5678`, while it can still be used. */
  get displayCode(): string | null {
    return this.code ? `${this.code.slice(0, 4)}-${this.code.slice(4)}` : null;
  }

  pair(typed: string): PairResult {
    if (!this.code) return { ok: false, reason: "closed" };
    const given = typed.replace(/[\s-]/g, "");
    if (!(given.length === this.code.length && timingSafeEqual(Buffer.from(given), Buffer.from(this.code)))) {
      this.tries++;
      if (this.tries >= MAX_TRIES) this.code = null;
      return { ok: false, reason: "incorrect", triesLeft: MAX_TRIES - this.tries };
    }
    this.code = null;
    const token = randomBytes(32).toString("base64url");
    this.stored = [...this.stored, { origin: this.origin, token_sha256: sha256(token).toString("hex"), created_at: new Date().toISOString() }].slice(-MAX_PAIRINGS);
    this.save();
    return { ok: true, token };
  }

  /** Whether an `Authorization: Bearer <token>` header names a pairing of this origin. */
  authorized(header: string | undefined): boolean {
    const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? "");
    if (!m) return false;
    const hash = sha256(m[1]!);
    return this.stored.some((s) => {
      const known = Buffer.from(s.token_sha256, "hex");
      return known.length === hash.length && timingSafeEqual(known, hash);
    });
  }

  private save(): void {
    const others = Pairing.load(this.file).filter((s) => s.origin !== this.origin);
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify([...others, ...this.stored], null, 2), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }
}
