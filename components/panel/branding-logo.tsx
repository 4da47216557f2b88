"use client";
// decisions §23: the institution's logo — shown as pages get it, uploaded (PNG or SVG, at most 200 KB)
// or removed. The route checks everything again; the checks here only spare an upload sure to be refused.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { ui } from "@/components/panel/styles";
import type { Lang } from "@/components/panel/messages";
import { brandingMessages } from "@/components/panel/branding-messages";
import { brandingRequest } from "@/components/panel/branding-request";
import { FileUploadControls, UploadOutcome } from "@/components/panel/file-upload-controls";
import { MAX_LOGO_BYTES } from "@/lib/branding/logo-limits";

const URL_ = "/panel/settings/branding/logo";

type Status = { kind: "idle" | "busy" } | { kind: "done" | "error"; text: string };

/** A file picked as .svg or .png may come without a type; the server tells the format by its bytes anyway. */
function typeOf(file: File): string {
  if (file.type) return file.type;
  return file.name.toLowerCase().endsWith(".svg") ? "image/svg+xml" : "image/png";
}

export function BrandingLogo({ lang, logo }: { lang: Lang; logo: { url: string } | null }) {
  const t = brandingMessages[lang];
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const busy = status.kind === "busy";

  const failure = (status: number, errors: Record<string, string[]>, detail: string | null) =>
    errors.logo?.join(" ") ?? (status === 0 ? t.errors.network : status === 401 || status === 403 ? t.errors.session : status === 413 ? t.errors.tooLarge : (detail ?? t.errors.other));

  async function upload() {
    if (!file) return setStatus({ kind: "error", text: t.errors.noFile });
    if (file.size > MAX_LOGO_BYTES) return setStatus({ kind: "error", text: t.errors.tooLarge });
    if (!["image/png", "image/svg+xml"].includes(typeOf(file))) return setStatus({ kind: "error", text: t.errors.type });
    setStatus({ kind: "busy" });
    const r = await brandingRequest<{ removed: string[] }>(URL_, "PUT", file, typeOf(file));
    if (!r.data) return setStatus({ kind: "error", text: failure(r.status, r.errors, r.detail) });
    setStatus({ kind: "done", text: [t.uploaded, r.data.removed.length ? t.sanitized(r.data.removed.join(", ")) : ""].join(" ").trim() });
    setFile(null);
    router.refresh();
  }

  async function remove() {
    if (!window.confirm(t.removeConfirm)) return;
    setStatus({ kind: "busy" });
    const r = await brandingRequest(URL_, "DELETE");
    if (r.status !== 204) return setStatus({ kind: "error", text: failure(r.status, r.errors, r.detail) });
    setStatus({ kind: "done", text: t.removed });
    router.refresh();
  }

  return (
    <div className="mt-4" data-testid="branding-logo">
      <h3 className="text-sm font-semibold text-slate-900">{t.logo}</h3>
      <p className={`${ui.muted} mt-1`}>{t.logoHint}</p>
      {logo ? (
        // The logo's own public address (/brand/…), exactly what the signing page shows.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={logo.url} alt={t.current} className="mt-2 h-16 w-auto max-w-60 rounded border border-slate-200 bg-white object-contain p-1" data-testid="branding-logo-current" />
      ) : (
        <p className={`${ui.muted} mt-2`}>{t.noLogo}</p>
      )}
      <FileUploadControls
        inputId="branding-logo-file"
        label={t.choose}
        accept="image/png,image/svg+xml,.png,.svg"
        busy={busy}
        file={file}
        onFile={(f) => {
          setFile(f);
          setStatus({ kind: "idle" });
        }}
        uploadLabel={t.upload}
        onUpload={() => void upload()}
        remove={logo ? { label: t.remove, onRemove: () => void remove() } : null}
      />
      <UploadOutcome status={status} errorTestId="branding-logo-error" />
    </div>
  );
}
