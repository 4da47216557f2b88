// What the job outbox's events mean to the embedded runner: which of its jobs to run now rather than
// at its next round. The runner registers itself here when it starts.
import { COMPLETION_EVENT } from "@/lib/completion/completion-event";
import { DELIVERY_CREATED_EVENT } from "@/lib/db/webhooks";
import { RECONSENT_MARKING_EVENT } from "@/lib/db/reconsent";

export const JOB_FOR_EVENT: Record<string, string> = {
  [COMPLETION_EVENT]: "advance-completions",
  [DELIVERY_CREATED_EVENT]: "deliver-webhooks",
  [RECONSENT_MARKING_EVENT]: "mark-reconsents",
};

const holder = globalThis as typeof globalThis & { __eonamWake?: (job: string) => void };

export function registerEmbeddedWake(wake: ((job: string) => void) | undefined): void {
  holder.__eonamWake = wake;
}

export function wakeEmbeddedJobs(events: readonly string[]): void {
  const wake = holder.__eonamWake;
  if (!wake) return;
  for (const job of new Set(events.map((e) => JOB_FOR_EVENT[e]).filter((j): j is string => j !== undefined))) wake(job);
}
