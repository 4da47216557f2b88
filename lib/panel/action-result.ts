// What a panel server action answers: never a thrown error (which would be a 500 page), but field
// errors and a message the form can show. Next's own redirect/forbidden signals pass through.
import { AppError, type FieldErrors } from "@/lib/errors";
import { logger } from "@/lib/log";
import { dispatchingJobs } from "@/lib/jobs/dispatching-jobs";

export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; code: string; message: string; fieldErrors?: FieldErrors };

export async function toActionResult<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    // The job events the action wrote (a webhook to deliver) go out after its commit.
    return { ok: true, data: await dispatchingJobs(run) };
  } catch (err) {
    if (err instanceof AppError) {
      return { ok: false, code: err.code, message: err.message, ...(err.errors ? { fieldErrors: err.errors } : {}) };
    }
    logger().error({ err }, "panel action failed");
    return { ok: false, code: "internal", message: "Beklenmeyen bir hata oluştu." };
  }
}
