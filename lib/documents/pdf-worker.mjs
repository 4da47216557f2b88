// The document worker (lib/documents/render-document.ts): renders PDFs on a thread of its own, so that
// a burst of signatures never stalls the requests the main thread serves. It runs the same TypeScript
// modules as the server, loaded through tsx (a dependency already, for the admin CLI).
import fs from "node:fs";
import os from "node:os";
import { register } from "tsx/esm/api";

// Below the requests in the scheduler's eyes (nice 10): when every core is busy, the main thread's
// answers go first and documents take what is left. Measured with 32 connections reading beside
// signings (npm run bench): reads answered 2× faster, signings per second unchanged. Linux applies a
// thread id's priority to that thread alone.
try {
  os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {
  // not Linux, or not allowed: the thread keeps the process's priority
}

register();
const { runDocumentTask } = await import("./document-task.ts");

export default runDocumentTask;
