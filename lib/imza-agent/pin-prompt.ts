// The PIN is asked here, on the agent's own terminal, and goes only to the card: never over HTTP, never
// to a file or a log. A test gives it through a file descriptor of its own (`--pin-from-fd`), one line
// per signature, which is the same path with a pipe instead of a keyboard.
import net from "node:net";
import readline from "node:readline";

export interface PinSource {
  /** The typed PIN; "" when the physician declined (an empty line, Ctrl-C), null when nobody answered in time. */
  ask(prompt: string, timeoutMs: number): Promise<string | null>;
  close(): void;
}

/** Lines from a stream, handed out one per ask. */
function lineSource(input: NodeJS.ReadableStream, write: (s: string) => void): PinSource {
  const rl = readline.createInterface({ input, terminal: false });
  const lines: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  rl.on("line", (line) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(line);
    } else if (lines.length < 4) lines.push(line);
  });
  return {
    ask(prompt, timeoutMs) {
      write(prompt);
      const queued = lines.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting = null;
          resolve(null);
        }, timeoutMs);
        waiting = (line) => {
          clearTimeout(timer);
          resolve(line);
        };
      });
    },
    close: () => rl.close(),
  };
}

/** Keystrokes on a terminal with echo off: only `*` is shown. */
function terminalSource(stdin: NodeJS.ReadStream & { setRawMode(mode: boolean): void }, write: (s: string) => void): PinSource {
  return {
    ask(prompt, timeoutMs) {
      // Echo goes off before the prompt shows: keys typed the moment it appears are never echoed.
      stdin.setRawMode(true);
      write(prompt);
      return new Promise((resolve) => {
        let pin = "";
        const done = (value: string | null) => {
          clearTimeout(timer);
          stdin.off("data", onData);
          stdin.setRawMode(false);
          stdin.pause();
          write("\n");
          resolve(value);
        };
        const onData = (chunk: Buffer) => {
          for (const ch of chunk.toString("utf8")) {
            if (ch === "\r" || ch === "\n") return done(pin);
            if (ch === "\u0003" || ch === "\u001b") return done("");
            if (ch === "\u007f" || ch === "\b") {
              if (pin.length) {
                pin = pin.slice(0, -1);
                write("\b \b");
              }
            } else if (ch >= " " && pin.length < 64) {
              pin += ch;
              write("*");
            }
          }
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        stdin.resume();
        stdin.on("data", onData);
      });
    },
    close: () => undefined,
  };
}

export function pinSource(o: { fd?: number; write: (s: string) => void }): PinSource {
  if (o.fd !== undefined) {
    // A pipe read as a socket: an fs stream would hold a thread in read() and keep the process from exiting.
    const input = new net.Socket({ fd: o.fd, readable: true, writable: false });
    const source = lineSource(input, o.write);
    return { ask: source.ask, close: () => (source.close(), input.destroy()) };
  }
  const stdin = process.stdin;
  if (stdin.isTTY) return terminalSource(stdin as NodeJS.ReadStream & { setRawMode(mode: boolean): void }, o.write);
  return lineSource(stdin, o.write);
}
