// Renders documents on a small pool of worker threads (piscina), so that the CPU a PDF costs (tens of
// milliseconds, and the garbage its fonts and layout leave) never stalls the requests the main thread
// serves during a burst of signatures. Idle threads exit after PDF_WORKER_IDLE and give their memory
// back. PDF_WORKERS=0 renders on the main thread instead (same output: same code, same inputs).
//
// A document still rendering PDF_RENDER_TIMEOUT after it started (a text stored before
// html-limits.ts, a loop of the layout engine) is given up and its thread ended; so is the thread of a
// document that failed (pdf-worker.mjs). Documents wait for a thread here, not in piscina's queue, so
// that each one's deadline counts its own rendering, not the wait behind another.
import path from "node:path";
import { Piscina } from "piscina";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import type { DocumentTask } from "@/lib/documents/document-task";
import { warmUpTask } from "@/lib/documents/warm-up-task";

/** Documents waiting for a thread, at most: past this a caller gets an error (the runner retries later). */
const MAX_WAITING = 1000;

interface Documents {
  pool: Piscina;
  /** documents handed to the pool, at most PDF_WORKERS */
  running: number;
  waiting: Array<() => void>;
  /** a warm-up document is on its way (warmDocuments) */
  warming: boolean;
}

// On globalThis: Next may load this module more than once in one process.
const holder = globalThis as typeof globalThis & { __eonamDocuments?: Documents };

function documents(): Documents {
  if (holder.__eonamDocuments) return holder.__eonamDocuments;
  const e = env();
  const pool = new Piscina({
    // The worker loads the TypeScript modules from the source tree (pdf-worker.mjs), not the bundle.
    filename: path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "documents", "pdf-worker.mjs"),
    minThreads: 0,
    maxThreads: e.PDF_WORKERS,
    idleTimeout: e.PDF_WORKER_IDLE,
    // Never more than maxThreads tasks (see turn()); a task waits here only while its thread starts.
    maxQueue: e.PDF_WORKERS,
    workerData: { nice: e.PDF_WORKER_NICE },
  });
  // piscina reports here what it cannot pin on a task; unheard, an 'error' event ends the process.
  pool.on("error", (err: unknown) => logger().error({ err: err instanceof Error ? err.message : String(err) }, "document pool"));
  holder.__eonamDocuments = { pool, running: 0, waiting: [], warming: false };
  return holder.__eonamDocuments;
}

/** Resolves once a thread is free for one more document; release() hands it to the next in line. */
async function turn(d: Documents, threads: number): Promise<void> {
  if (d.running < threads) {
    d.running += 1;
    return;
  }
  if (d.waiting.length >= MAX_WAITING) throw new Error(`${MAX_WAITING} documents are already waiting for a thread`);
  await new Promise<void>((resolve) => d.waiting.push(resolve));
}

function release(d: Documents): void {
  const next = d.waiting.shift();
  if (next) next();
  else d.running -= 1;
}

/** `timeoutMs`: PDF_RENDER_TIMEOUT unless given (a test gives a shorter one). */
export async function renderDocument(task: DocumentTask, timeoutMs?: number): Promise<Buffer> {
  const e = env();
  if (e.PDF_WORKERS === 0) {
    // Loaded only here: with workers, the renderer (react-pdf, fonts) never occupies the main thread.
    const { runDocumentTask } = await import("@/lib/documents/document-task");
    return Buffer.from(await runDocumentTask(task));
  }
  const d = documents();
  await turn(d, e.PDF_WORKERS);
  let bytes: Uint8Array;
  try {
    bytes = (await d.pool.run(task, { signal: AbortSignal.timeout(timeoutMs ?? e.PDF_RENDER_TIMEOUT) })) as Uint8Array;
  } finally {
    release(d);
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Starts a document thread ahead of a signature (lib/signing/verify-otp.ts: the code was just entered
 * and the person is about to read and sign). A fresh thread spends ~0.4 s loading the renderer and
 * ~0.3 s on its first document; measured, the first signature after an idle spell took ~1 s from
 * approval to `completed` instead of ~0.1 s, and nearly every signature in a clinic comes after one.
 * Does nothing while a thread runs or one is being warmed, or with PDF_WORKERS=0. Resolves true once
 * it has rendered the warm-up document.
 */
export async function warmDocuments(): Promise<boolean> {
  if (env().PDF_WORKERS === 0) return false;
  const d = documents();
  if (d.warming || d.pool.threads.length > 0) return false;
  d.warming = true;
  try {
    await renderDocument(warmUpTask());
    return true;
  } finally {
    d.warming = false;
  }
}

/** Stops the threads (graceful shutdown). */
export async function closeDocumentPool(): Promise<void> {
  const d = holder.__eonamDocuments;
  holder.__eonamDocuments = undefined;
  await d?.pool.destroy();
}
