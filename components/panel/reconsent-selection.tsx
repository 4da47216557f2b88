"use client";
// The consents awaiting re-consent with a choice (issue #51): a checkbox per row and one for the
// page, then a confirmation that says how many SMS the choice sends and what it costs of the quota
// (one unit each, decisions §11) against what is left — nothing is sent without it. The answer is
// shown per row, and the list is read again (a renewed row names its re-consent, a cancelled open one leaves).
import { useEffect, useRef, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { sendReconsentsAction } from "@/lib/actions/template-reconsent";
import type { ReconsentRowResult, ReconsentSendReport } from "@/lib/consents/send-reconsents";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { DetailRow } from "@/components/panel/detail-row";
import { FormMessage } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";

export interface ReconsentRow {
  id: string;
  patient: string;
  template: string;
  created: string;
  replacedBy: string | null;
}

interface Props {
  lang: Lang;
  code: string;
  rows: ReconsentRow[];
  quota: { remaining: number; unlimited: boolean };
  max: number;
}

export function ReconsentSelection({ lang, code, rows, quota, max }: Props) {
  const all = panelMessages[lang];
  const t = all.reconsent;
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const selectAllBox = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [report, setReport] = useState<{ summary: string; rows: { id: string; patient: string; result: ReconsentRowResult }[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  // Only rows with no re-consent yet can be chosen; a choice of rows no longer listed is dropped.
  const selectable = rows.filter((r) => r.replacedBy === null).map((r) => r.id);
  const picked = selectable.filter((id) => chosen.has(id));
  const everyOne = selectable.length > 0 && picked.length === selectable.length;
  useEffect(() => {
    if (selectAllBox.current) selectAllBox.current.indeterminate = picked.length > 0 && !everyOne;
  }, [picked.length, everyOne]);

  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const name = (id: string) => rows.find((r) => r.id === id)?.patient ?? id;
  const outcome = (r: ReconsentRowResult) =>
    r.outcome === "sent" ? t.outcome.sent(r.replacedBy) : r.outcome === "failed" ? t.outcome.failed(r.message) : t.outcome[r.outcome];

  const send = () =>
    start(async () => {
      setError(null);
      try {
        const res = await sendReconsentsAction(code, picked.slice(0, max));
        dialog.current?.close();
        if (!res.ok) {
          setError([res.message, ...Object.values(res.fieldErrors ?? {}).flat()].join(" "));
          return;
        }
        const r: ReconsentSendReport = res.data;
        setReport({ summary: t.result(r.sent, r.leftForQuota, r.skipped, r.failed), rows: r.results.map((x) => ({ id: x.id, patient: name(x.id), result: x })) });
        setChosen(new Set());
        router.refresh();
      } catch {
        dialog.current?.close();
        setError(all.common.unexpected);
      }
    });

  const n = Math.min(picked.length, max);
  const short = !quota.unlimited && n > quota.remaining;
  return (
    <>
      {report ? (
        <section className={`${ui.card} mt-4`} aria-labelledby="reconsent-results-title">
          <h2 id="reconsent-results-title" className={ui.h2}>
            {t.resultsTitle}
          </h2>
          <p role="status" className={`${ui.success} mt-2`} data-testid="reconsent-result">
            {report.summary}
          </p>
          <ul className="mt-2 grid gap-1 text-sm" data-testid="reconsent-results">
            {report.rows.map((r) => (
              <li key={r.id} data-id={r.id} data-outcome={r.result.outcome} className="break-words">
                <strong>{r.patient}</strong> · <span className={ui.mono}>{r.id}</span> · {outcome(r.result)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-4">
        <FormMessage text={error} />
      </div>
      {rows.length === 0 ? (
        <p className={`${ui.card} mt-2`}>{t.empty}</p>
      ) : (
        <>
          <div className={`${ui.card} mt-2 space-y-3`}>
            <p className={ui.muted}>{t.sendHint(max)}</p>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
                <input
                  ref={selectAllBox}
                  type="checkbox"
                  className="size-5"
                  checked={everyOne}
                  disabled={selectable.length === 0}
                  onChange={(e) => setChosen(e.target.checked ? new Set(selectable) : new Set())}
                />
                {t.selectAll}
              </label>
              <p className="text-sm" aria-live="polite" data-testid="reconsent-selected">
                {t.selected(picked.length)}
              </p>
              <button type="button" className={ui.primary} disabled={picked.length === 0 || pending} onClick={() => dialog.current?.showModal()}>
                {t.sendChosen}
              </button>
            </div>
          </div>
          <ul className="mt-2 grid gap-2" data-testid="reconsent-list">
            {rows.map((c) => (
              <li key={c.id} className={`${ui.card} flex gap-3`} data-id={c.id}>
                <div className="pt-0.5">
                  <input
                    type="checkbox"
                    className="size-5"
                    aria-label={t.select(c.patient)}
                    checked={chosen.has(c.id) && c.replacedBy === null}
                    disabled={c.replacedBy !== null}
                    onChange={(e) => toggle(c.id, e.target.checked)}
                  />
                </div>
                <div className="min-w-0 flex-1">
                  <Link href={`/panel/consents/${c.id}`} className={`${ui.link} font-mono text-sm break-all`}>
                    {c.id}
                  </Link>
                  <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                    <DetailRow label={all.consents.patient} value={c.patient} />
                    <DetailRow label={all.consents.template} value={c.template} />
                    <DetailRow label={all.consents.created} value={c.created} />
                    <DetailRow
                      label={t.renewal}
                      value={
                        c.replacedBy ? (
                          <Link href={`/panel/consents/${c.replacedBy}`} className={`${ui.link} font-mono text-xs break-all`}>
                            {c.replacedBy}
                          </Link>
                        ) : (
                          t.none
                        )
                      }
                    />
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <dialog
        ref={dialog}
        aria-labelledby="reconsent-confirm-title"
        data-testid="reconsent-confirm"
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="reconsent-confirm-title" className={ui.h2}>
          {t.confirmTitle}
        </h2>
        <p className="mt-2 text-sm">{t.confirmCount(n)}</p>
        <p className="mt-1 text-sm font-medium" data-testid="reconsent-cost">
          {t.confirmCost(n)} {t.quotaLeft(quota.remaining, quota.unlimited)}
        </p>
        {short ? (
          <p role="alert" className={`${ui.alert} mt-2`}>
            {t.quotaShort(quota.remaining)}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <SubmitButton type="button" pending={pending} label={t.confirmYes(n)} pendingLabel={t.sending} onClick={send} />
          <button type="button" className={ui.secondary} disabled={pending} onClick={() => dialog.current?.close()}>
            {t.back}
          </button>
        </div>
      </dialog>
    </>
  );
}
