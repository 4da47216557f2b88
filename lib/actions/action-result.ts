// What a panel server action answers: never a thrown error (which would be a 500 page), but field
// errors and a message the form can show. Next's own redirect/forbidden signals pass through.
// Every action is counted against a limit per panel session (or, without one, per client address:
// the reset page), issue #49: a script looping on an action answers `rate_limited`, not a busy server.
import { cookies, headers } from "next/headers";
import { clientIpOf } from "@/lib/server/client-ip";
import { hit } from "@/lib/limits/rate-limit";
import { AppError, type FieldErrors } from "@/lib/errors";
import { logger } from "@/lib/log";
import { dispatchingJobs } from "@/lib/jobs/dispatching-jobs";

export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; code: string; message: string; fieldErrors?: FieldErrors };

/** Server actions a session (or an address) may call a minute: far above any hand on a form. */
export const ACTIONS_PER_MINUTE = 120;

/** The template editor's live preview, asked as the user types (debounced): a budget of its own, so typing never uses up the form's. */
export const PREVIEWS_PER_MINUTE = 240;

/** The session cookie's value (either name: http or https), else the client's address. */
async function callerBucket(kind = "panel-action"): Promise<string> {
  const jar = await cookies();
  const session = jar.get("__Secure-next-auth.session-token")?.value ?? jar.get("next-auth.session-token")?.value;
  return session ? `${kind}:s:${session}` : `${kind}:ip:${clientIpOf(await headers())}`;
}

/** Whether the caller may have one more live preview (or live readability measure, issue #52) this minute. */
export async function previewAllowed(kind: "panel-preview" | "panel-readability" = "panel-preview"): Promise<boolean> {
  return (await hit(await callerBucket(kind), PREVIEWS_PER_MINUTE, 60)).allowed;
}

export async function toActionResult<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    const limit = await hit(await callerBucket(), ACTIONS_PER_MINUTE, 60);
    if (!limit.allowed) return { ok: false, code: "rate_limited", message: `Çok sayıda işlem yapıldı; ${limit.reset} saniye sonra yeniden deneyin.` };
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
