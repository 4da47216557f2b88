"use client";
// The person's copy after they approved: the signature answers at once and the document is produced,
// sealed and time-stamped off the request (a few seconds; the TSA's answer among them), so the page
// shows it being prepared, asks the server whether it is ready, and offers the download when it is,
// without a reload. The asking is bounded: after SLOW_AFTER_MS it says it takes longer than usual and
// keeps asking, less often, up to GIVE_UP_AFTER_MS; the link on the page opened later hands it out.
import { useEffect, useState } from "react";
import type { Messages } from "./message-types";
import { documentReady } from "./signing-api";
import { DocumentLink, Spinner } from "./ui";

const FIRST_MS = 700;
const EVERY_MS = 1500;
const SLOW_EVERY_MS = 5000;
const SLOW_AFTER_MS = 20_000;
const GIVE_UP_AFTER_MS = 10 * 60_000;

export function DocumentWhenReady({ token, t }: { token: string; t: Messages }) {
  const [state, setState] = useState<"preparing" | "slow" | "ready">("preparing");
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      const r = await documentReady(token);
      if (stopped) return;
      if (r.ok && r.data.ready) {
        setState("ready");
        return;
      }
      const waited = Date.now() - started;
      if (waited > SLOW_AFTER_MS) setState("slow");
      // A session that ended (401) or a consent no longer signed: nothing will come by asking.
      if (!r.ok && (r.status === 401 || r.status === 404 || r.status === 409)) return;
      if (waited < GIVE_UP_AFTER_MS) timer = setTimeout(() => void ask(), waited > SLOW_AFTER_MS ? SLOW_EVERY_MS : EVERY_MS);
    };
    timer = setTimeout(() => void ask(), FIRST_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token]);

  if (state === "ready") return <DocumentLink href={`/s/${encodeURIComponent(token)}/document`} label={t.doneDownload} />;
  return (
    <div className="mt-3" data-testid="document-preparing">
      <p role="status" aria-live="polite" className="flex items-center gap-2 text-slate-700">
        <Spinner />
        <span>{t.documentPreparing}</span>
      </p>
      <div aria-hidden="true" className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-blue-700 motion-reduce:animate-none" />
      </div>
      {state === "slow" ? <p className="mt-2 text-[0.95rem] text-slate-700">{t.documentPreparingSlow}</p> : null}
    </div>
  );
}
