"use client";
// decisions §22: the template page's read-aloud recordings, one per language of the published text:
// a player for each, an upload with a progress bar (XMLHttpRequest: fetch reports no upload progress),
// and removal. The panel's own route (/panel/templates/{code}/audio/{dil}) checks everything again;
// the checks here only spare a 10 MB upload that is sure to be refused.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { ui } from "@/components/panel/styles";
import { FileUploadControls, UploadOutcome } from "@/components/panel/file-upload-controls";
import { NATIVE_NAMES, type Language } from "@/lib/i18n/languages";

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = ["audio/mpeg", "audio/ogg"];

interface RecordingRow {
  language: Language;
  recording: { content_type: string; bytes: number; sha256: string } | null;
}

type Status = { kind: "idle" } | { kind: "progress"; percent: number } | { kind: "done"; text: string } | { kind: "error"; text: string };

function errorFor(status: number, e: (typeof panelMessages)["tr"]["readAloud"]["errors"]): string {
  if (status === 413) return e.tooLarge;
  if (status === 415) return e.type;
  if (status === 404) return e.noText;
  if (status === 401 || status === 403) return e.session;
  if (status === 0) return e.network;
  return e.other;
}

function upload(url: string, file: File, onProgress: (percent: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    // A file picked as .mp3 may come without a type; the server tells audio by its bytes anyway.
    xhr.setRequestHeader("Content-Type", file.type || (file.name.toLowerCase().endsWith(".ogg") ? "audio/ogg" : "audio/mpeg"));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = () => resolve(0);
    xhr.send(file);
  });
}

function LanguageRecording({ code, row, lang }: { code: string; row: RecordingRow; lang: Lang }) {
  const t = panelMessages[lang].readAloud;
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const url = `/panel/templates/${encodeURIComponent(code)}/audio/${row.language}`;
  const inputId = `audio-file-${row.language}`;
  const busy = status.kind === "progress";

  async function send() {
    if (!file) return setStatus({ kind: "error", text: t.errors.noFile });
    if (file.size > MAX_BYTES) return setStatus({ kind: "error", text: t.errors.tooLarge });
    if (file.type && !ACCEPT.includes(file.type)) return setStatus({ kind: "error", text: t.errors.type });
    setStatus({ kind: "progress", percent: 0 });
    const answer = await upload(url, file, (percent) => setStatus({ kind: "progress", percent }));
    if (answer !== 200) return setStatus({ kind: "error", text: errorFor(answer, t.errors) });
    setStatus({ kind: "done", text: t.uploaded });
    setFile(null);
    router.refresh();
  }

  async function remove() {
    if (!window.confirm(t.removeConfirm)) return;
    const res = await fetch(url, { method: "DELETE", credentials: "same-origin" }).catch(() => null);
    if (!res || (res.status !== 204 && res.status !== 404)) return setStatus({ kind: "error", text: errorFor(res?.status ?? 0, t.errors) });
    setStatus({ kind: "done", text: t.removed });
    router.refresh();
  }

  return (
    <li className="rounded-lg border border-slate-200 p-3" data-language={row.language} data-testid="audio-row">
      <p className="font-medium">{NATIVE_NAMES[row.language]}</p>
      {row.recording ? (
        <div className="mt-2 space-y-2">
          {/* The sha256 in the address makes a replaced recording a new address for the browser's cache. */}
          <audio controls preload="none" src={`${url}?v=${row.recording.sha256.slice(0, 16)}`} className="w-full" aria-label={`${t.title}: ${NATIVE_NAMES[row.language]}`} />
          <p className={ui.muted}>
            {row.recording.content_type} · {t.size((row.recording.bytes / (1024 * 1024)).toFixed(1))}
          </p>
        </div>
      ) : (
        <p className={`${ui.muted} mt-1`}>{t.none}</p>
      )}
      <FileUploadControls
        inputId={inputId}
        label={t.choose(NATIVE_NAMES[row.language])}
        accept="audio/mpeg,audio/ogg,.mp3,.ogg,.oga,.opus"
        busy={busy}
        file={file}
        onFile={(f) => {
          setFile(f);
          setStatus({ kind: "idle" });
        }}
        uploadLabel={row.recording ? t.replace : t.upload}
        onUpload={() => void send()}
        remove={row.recording ? { label: t.remove, onRemove: () => void remove() } : null}
      />
      {status.kind === "progress" ? (
        <div className="mt-2" role="status">
          <progress max={100} value={status.percent} className="h-2 w-full" aria-label={t.progress(status.percent)} />
          <p className={ui.muted}>{t.progress(status.percent)}</p>
        </div>
      ) : null}
      <UploadOutcome status={status} />
    </li>
  );
}

export function TemplateAudio({ code, rows, lang, published }: { code: string; rows: RecordingRow[]; lang: Lang; published: boolean }) {
  const t = panelMessages[lang].readAloud;
  return (
    <section className={`${ui.card} mt-4`} aria-labelledby="read-aloud">
      <h2 id="read-aloud" className={ui.h2}>
        {t.title}
      </h2>
      <p className={`${ui.muted} mt-1`}>{t.intro}</p>
      {published ? (
        <ul className="mt-3 space-y-3" data-testid="audio-list">
          {rows.map((row) => (
            <LanguageRecording key={row.language} code={code} row={row} lang={lang} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm">{t.neverPublished}</p>
      )}
    </section>
  );
}
