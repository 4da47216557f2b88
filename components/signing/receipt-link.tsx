"use client";
// issue #51: the sealed withdrawal receipt beside the person's copy, on a withdrawn consent's link. It
// is made off the request right after the withdrawal: until it is stored this says it is being
// prepared and asks GET /s/{token}/receipt/status every few seconds, then offers the download.
import { useEffect, useState } from "react";
import { Spinner } from "./ui";

const POLL_MS = 2_000;

export function ReceiptLink({ token, label, preparing }: { token: string; label: string; preparing: string }) {
  const [ready, setReady] = useState(false);
  const base = `/s/${encodeURIComponent(token)}/receipt`;
  useEffect(() => {
    if (ready) return;
    let stop = false;
    const check = () =>
      void fetch(`${base}/status`, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<{ ready: boolean }>) : null))
        .then((r) => {
          if (!stop && r?.ready) setReady(true);
        })
        .catch(() => undefined);
    check();
    const timer = setInterval(check, POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [ready, base]);
  return ready ? (
    <p className="mt-3">
      <a href={base} download className="font-medium text-blue-800 underline underline-offset-2" data-testid="withdrawal-receipt">
        {label}
      </a>
    </p>
  ) : (
    <p role="status" className="mt-3 flex items-center gap-2 text-[0.95rem]" data-testid="withdrawal-receipt-preparing">
      <Spinner />
      {preparing}
    </p>
  );
}
