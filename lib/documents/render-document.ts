// Renders documents on a small pool of worker threads (piscina), so that the CPU a PDF costs (tens of
// milliseconds, and the garbage its fonts and layout leave) never stalls the requests the main thread
// serves during a burst of signatures. Idle threads exit after PDF_WORKER_IDLE and give their memory
// back. PDF_WORKERS=0 renders on the main thread instead (same output: same code, same inputs).
import path from "node:path";
import { Piscina } from "piscina";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import type { DocumentTask } from "@/lib/documents/document-task";

const holder = globalThis as typeof globalThis & { __eonamDocumentPool?: Piscina };

function pool(): Piscina {
  if (holder.__eonamDocumentPool) return holder.__eonamDocumentPool;
  const e = env();
  const created = new Piscina({
    // The worker loads the TypeScript modules from the source tree (pdf-worker.mjs), not the bundle.
    filename: path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "documents", "pdf-worker.mjs"),
    minThreads: 0,
    maxThreads: e.PDF_WORKERS,
    idleTimeout: e.PDF_WORKER_IDLE,
    // Bounded: past this many waiting documents a caller gets an error (the runner retries later).
    maxQueue: 1000,
  });
  // piscina reports here what it cannot pin on a task; unheard, an 'error' event ends the process.
  created.on("error", (err: unknown) => logger().error({ err: err instanceof Error ? err.message : String(err) }, "document pool"));
  holder.__eonamDocumentPool = created;
  return created;
}

export async function renderDocument(task: DocumentTask): Promise<Buffer> {
  if (env().PDF_WORKERS === 0) {
    // Loaded only here: with workers, the renderer (react-pdf, fonts) never occupies the main thread.
    const { runDocumentTask } = await import("@/lib/documents/document-task");
    return Buffer.from(await runDocumentTask(task));
  }
  const p = pool();
  let bytes: Uint8Array;
  try {
    bytes = (await p.run(task)) as Uint8Array;
  } catch (err) {
    // A thread whose document failed ends (pdf-worker.mjs). Without threads left, piscina starts one
    // only for a new task, so documents queued behind the failed one would wait: this is that task.
    if (p.queueSize > 0) p.run(null, { name: "wake" }).catch(() => undefined);
    throw err;
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Stops the threads (graceful shutdown). */
export async function closeDocumentPool(): Promise<void> {
  const p = holder.__eonamDocumentPool;
  holder.__eonamDocumentPool = undefined;
  await p?.destroy();
}
