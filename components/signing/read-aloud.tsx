"use client";
// decisions §22: the recording of the consent text, offered above the text it reads (which stays the
// legal text, shown in full below). Native controls, nothing loaded until the person presses play
// (preload="none"). How much was heard is the share of the recording covered by playback, reported
// to the server only when it reaches a new step (lib/audio/listening-step.ts) and when the page is
// left, where the evidence `metin_dinlendi` is recorded.
import { useEffect, useRef, useState } from "react";
import { coveredPercent, listeningStep } from "@/lib/audio/listening-step";

interface Props {
  token: string;
  /** the element holding the text the recording reads (its caption) */
  textId: string;
  labels: { heading: string; hint: string; unsupported: string };
}

function playedRanges(a: HTMLAudioElement): [number, number][] {
  return Array.from({ length: a.played.length }, (_, i) => [a.played.start(i), a.played.end(i)] as [number, number]);
}

export function ReadAloud({ token, textId, labels }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  const sentStep = useRef(0);
  const [failed, setFailed] = useState(false);
  const src = `/s/${encodeURIComponent(token)}/audio`;

  useEffect(() => {
    const a = audio.current;
    if (!a) return;
    const report = () => {
      const percent = coveredPercent(playedRanges(a), a.duration);
      if (listeningStep(percent) <= sentStep.current) return;
      sentStep.current = listeningStep(percent);
      // keepalive: the report outlives a page being left (pagehide), like a beacon, with the session cookie.
      void fetch(`/s/${encodeURIComponent(token)}/listened`, {
        method: "POST",
        keepalive: true,
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ percent }),
      }).catch(() => undefined);
    };
    const events = ["timeupdate", "pause", "ended"] as const;
    for (const e of events) a.addEventListener(e, report);
    window.addEventListener("pagehide", report);
    return () => {
      for (const e of events) a.removeEventListener(e, report);
      window.removeEventListener("pagehide", report);
    };
  }, [token]);

  return (
    <figure className="mb-4 rounded-xl border border-blue-200 bg-blue-50 px-3 py-3" data-testid="read-aloud">
      <figcaption>
        <span className="block font-semibold text-slate-900">{labels.heading}</span>
        <span className="mt-0.5 block text-[0.95rem] text-slate-700">{labels.hint}</span>
      </figcaption>
      <audio
        ref={audio}
        controls
        preload="none"
        src={src}
        aria-label={labels.heading}
        aria-details={textId}
        className="mt-2 w-full"
        onError={() => setFailed(true)}
      />
      {failed ? (
        <p role="status" className="mt-2 text-[0.95rem] text-amber-900">
          {labels.unsupported}
        </p>
      ) : null}
    </figure>
  );
}
