// What the job outbox's events mean to the embedded runner: which of its jobs to run now rather than
// at its next round (with the events' data, for a job that acts on one item at once: a consent's
// completion). The runner registers itself here when it starts.
import { COMPLETION_EVENT } from "@/lib/consents/completion-event";
import { DELIVERY_CREATED_EVENT } from "@/lib/db/webhooks";
import { RECONSENT_MARKING_EVENT } from "@/lib/db/reconsent";

const JOB_FOR_EVENT: Record<string, string> = {
  [COMPLETION_EVENT]: "advance-completions",
  [DELIVERY_CREATED_EVENT]: "deliver-webhooks",
  [RECONSENT_MARKING_EVENT]: "mark-reconsents",
};

type Wake = (job: string, data: readonly Record<string, string>[]) => void;
const holder = globalThis as typeof globalThis & { __eonamWake?: Wake };

export function registerEmbeddedWake(wake: Wake | undefined): void {
  holder.__eonamWake = wake;
}

export function wakeEmbeddedJobs(events: readonly { name: string; data: Record<string, string> }[]): void {
  const wake = holder.__eonamWake;
  if (!wake) return;
  const byJob = new Map<string, Record<string, string>[]>();
  for (const e of events) {
    const job = JOB_FOR_EVENT[e.name];
    if (job !== undefined) byJob.set(job, [...(byJob.get(job) ?? []), e.data]);
  }
  for (const [job, data] of byJob) wake(job, data);
}
