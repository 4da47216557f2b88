// The `file` SMS driver: one JSON line per message in SMS_OUTBOX_PATH (decisions §13), read back by tests and the panel.
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { SmsSendError, type SmsDriver, type SmsMessage } from "@/lib/sms/sms-driver";

const outboxLine = z.object({
  to: z.string(),
  body: z.string(),
  kind: z.enum(["link", "otp", "reminder"]),
  consent_id: z.string().nullable(),
  at: z.string(),
  /** the tenant's own sender name, when it has one (issue #42) */
  header: z.string().optional(),
});

export type OutboxLine = z.infer<typeof outboxLine>;

// One queue per file for the whole process, so two drivers on the same path cannot interleave either.
// Across processes (the admin CLI beside the server) each line is a single O_APPEND write, which the
// kernel keeps whole for writes this small.
const queues = new Map<string, Promise<void>>();

// Errors worth another try: the disk or the descriptor table may free up; a bad path or permission will not.
const TRANSIENT = new Set(["ENOSPC", "EMFILE", "ENFILE", "EAGAIN", "EBUSY", "EIO"]);

function toLine(msg: SmsMessage): string {
  const line: OutboxLine = { to: msg.to, body: msg.body, kind: msg.kind, consent_id: msg.consentId, at: new Date().toISOString(), ...(msg.header ? { header: msg.header } : {}) };
  return JSON.stringify(line) + "\n";
}

export function createFileDriver(filePath: string): SmsDriver {
  const file = path.resolve(filePath);
  return {
    name: "file",
    async send(msg) {
      const line = toLine(msg);
      const previous = queues.get(file) ?? Promise.resolve();
      const write = previous.then(async () => {
        await fs.mkdir(path.dirname(file), { recursive: true });
        // 0600: the outbox holds phone numbers and one-time codes.
        await fs.appendFile(file, line, { encoding: "utf8", mode: 0o600 });
      });
      queues.set(file, write.catch(() => undefined));
      try {
        await write;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? "error";
        throw new SmsSendError(`file: ${code}`, TRANSIENT.has(code));
      }
      return { providerRef: null };
    },
  };
}

/**
 * Every well-formed line of the outbox, oldest first; a missing file is an empty outbox.
 * `tailBytes`: only the lines within the file's last so many bytes (the panel's recent messages).
 */
export async function readOutbox(filePath: string, tailBytes = Infinity): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await readTail(filePath, tailBytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const lines: OutboxLine[] = [];
  for (const raw of text.split("\n")) {
    if (!raw.trim()) continue;
    // A line torn by a crash mid-write must not hide the rest of the outbox from the panel.
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      continue;
    }
    const parsed = outboxLine.safeParse(json);
    if (parsed.success) lines.push(parsed.data);
  }
  return lines;
}

async function readTail(filePath: string, tailBytes: number): Promise<string> {
  const handle = await fs.open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - tailBytes);
    const buf = Buffer.alloc(size - start);
    await handle.read(buf, 0, buf.length, start);
    const text = buf.toString("utf8");
    // A tail read may start mid-line: drop the partial first line.
    return start > 0 ? text.slice(text.indexOf("\n") + 1) : text;
  } finally {
    await handle.close();
  }
}
