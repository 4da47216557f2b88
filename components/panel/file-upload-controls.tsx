"use client";
// A file picker with its upload and remove buttons, shared by the panel's uploads (the institution's
// logo, a template's read-aloud recordings). The caller owns the file, the request and what it says.
import { ui } from "@/components/panel/styles";

interface FileUploadControlsProps {
  inputId: string;
  label: string;
  accept: string;
  busy: boolean;
  file: File | null;
  onFile: (file: File | null) => void;
  uploadLabel: string;
  onUpload: () => void;
  /** the remove button, when there is something to remove */
  remove: { label: string; onRemove: () => void } | null;
  testId?: string;
}

export function FileUploadControls(p: FileUploadControlsProps) {
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={p.inputId} className={ui.label}>
          {p.label}
        </label>
        <input id={p.inputId} type="file" accept={p.accept} className={`${ui.input} text-sm`} disabled={p.busy} onChange={(e) => p.onFile(e.target.files?.[0] ?? null)} />
      </div>
      <button type="button" className={ui.primary} disabled={p.busy || !p.file} onClick={p.onUpload}>
        {p.uploadLabel}
      </button>
      {p.remove ? (
        <button type="button" className={ui.secondary} disabled={p.busy} onClick={p.remove.onRemove}>
          {p.remove.label}
        </button>
      ) : null}
    </div>
  );
}

/** The outcome line under an upload: an error as an alert, a success as a status. */
export function UploadOutcome({ status, errorTestId }: { status: { kind: string; text?: string }; errorTestId?: string }) {
  if (status.kind === "error") {
    return (
      <p role="alert" className={`${ui.alert} mt-2`} data-testid={errorTestId}>
        {status.text}
      </p>
    );
  }
  if (status.kind === "done") {
    return (
      <p role="status" className={`${ui.success} mt-2`}>
        {status.text}
      </p>
    );
  }
  return null;
}
