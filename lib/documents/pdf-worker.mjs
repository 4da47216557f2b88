// The document worker (lib/documents/render-document.ts): renders PDFs on a thread of its own, so that
// a burst of signatures never stalls the requests the main thread serves. It runs the same TypeScript
// modules as the server, loaded through tsx (a dependency already, for the admin CLI).
import fs from "node:fs";
import os from "node:os";
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

// Below the requests in the scheduler's eyes (PDF_WORKER_NICE, 10 by default): when every core is
// busy, the main thread's answers go first and documents take what is left. Measured with 32
// connections reading beside signings (npm run bench): reads answered 2× faster, signings per second
// unchanged. Linux applies a thread id's priority to that thread alone.
const nice = workerData?.nice ?? 10;
try {
  if (nice > 0) os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), nice);
} catch {
  // not Linux, or not allowed: the thread keeps the process's priority
}

register();
const { runDocumentTask } = await import("./document-task.ts");
const { logger } = await import("../log.ts");

/**
 * A thread whose document failed ends instead of answering, and piscina starts a fresh one for the
 * next: whatever the failure left behind must not reach another tenant's document (react-pdf's
 * WebAssembly layout engine, once trapped, failed every later layout in its thread). Ending before
 * the answer, not after, keeps piscina from handing this thread the next task meanwhile; the caller
 * gets "worker exited", so the reason is written here (an error message, never the document's data).
 */
export default async function run(task) {
  try {
    return await runDocumentTask(task);
  } catch (err) {
    logger().error({ err: err instanceof Error ? `${err.name}: ${err.message}` : String(err) }, "document worker: the document failed; the thread is replaced");
    process.exit(1);
  }
}
