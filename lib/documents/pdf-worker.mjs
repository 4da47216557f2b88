// The document worker (lib/documents/pdf-pool.ts): renders PDFs on a thread of its own, so that a
// burst of signatures never stalls the requests the main thread serves. It runs the same TypeScript
// modules as the server, loaded through tsx (a dependency already, for the admin CLI).
import { register } from "tsx/esm/api";

register();
const { runDocumentTask } = await import("./document-task.ts");

export default runDocumentTask;
