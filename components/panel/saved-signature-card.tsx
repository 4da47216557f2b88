"use client";
// The physician's saved signature on their account page (issue #51): the one kept, if any, a pad to
// draw a new one (which replaces it) and a delete button. It is used for a countersignature only when
// the physician chooses it there, and the password is asked again each time (countersign-form.tsx).
import { useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { deleteSignatureAction, saveSignatureAction } from "@/lib/actions/account";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { FieldError, FormMessage } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";
import { SignatureCanvas, type SignatureCanvasHandle, type SignatureCanvasLooks } from "@/components/ui/signature-canvas";

/** As the countersignature's own pad: within the server's 4096 pixels and 256 KiB. */
const MAX_BITMAP_WIDTH = 1600;
const padLooks: SignatureCanvasLooks = { button: ui.secondary, canvas: "h-48 sm:h-56", controls: "mt-2 gap-2" };

interface Props {
  lang: Lang;
  /** the saved signature as a PNG data URL, and when it was saved (as the page writes dates) */
  saved: { dataUrl: string; savedAt: string } | null;
  /** only a physician saves one; anyone may delete theirs */
  mayDraw: boolean;
}

export function SavedSignatureCard({ lang, saved, mayDraw }: Props) {
  const t = panelMessages[lang];
  const s = t.physician.saved;
  const router = useRouter();
  const pad = useRef<SignatureCanvasHandle>(null);
  const [empty, setEmpty] = useState(true);
  // A new pad once the drawing is saved: the saved image shows above, the pad is empty again.
  const [padKey, setPadKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const [running, setRunning] = useState<"save" | "delete" | null>(null);

  const save = () => {
    const png = pad.current?.toDataURL() ?? null;
    setMessage(null);
    if (!png) {
      setError(s.empty);
      return;
    }
    setError(null);
    setRunning("save");
    start(async () => {
      const r = await saveSignatureAction(png).catch(() => null);
      if (r?.ok) {
        setMessage({ ok: true, text: s.savedOk });
        setPadKey((k) => k + 1);
        setEmpty(true);
        router.refresh();
      } else if (r && !r.ok && r.fieldErrors?.signature) setError(r.fieldErrors.signature.join(", "));
      else setMessage({ ok: false, text: r && !r.ok ? r.message : t.common.unexpected });
      setRunning(null);
    });
  };
  const remove = () => {
    setMessage(null);
    setRunning("delete");
    start(async () => {
      const r = await deleteSignatureAction().catch(() => null);
      setMessage(r?.ok ? { ok: true, text: s.removedOk } : { ok: false, text: r && !r.ok ? r.message : t.common.unexpected });
      if (r?.ok) router.refresh();
      setRunning(null);
    });
  };

  return (
    <section id="saved-signature" className={`${ui.card} mt-4 space-y-3`} aria-labelledby="saved-signature-title" data-testid="saved-signature">
      <h2 id="saved-signature-title" className={ui.h2}>
        {s.title}
      </h2>
      <p className={ui.muted}>{s.intro}</p>
      <FormMessage text={message?.text} ok={message?.ok} testId="saved-signature-result" />
      {saved ? (
        <div>
          <p className="text-sm font-medium" data-testid="saved-signature-at">
            {s.savedAt(saved.savedAt)}
          </p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL of the user's own signature */}
          <img src={saved.dataUrl} alt={s.current} className="mt-2 h-32 w-full rounded-lg border border-slate-300 bg-white object-contain" data-testid="saved-signature-image" />
          <div className="mt-2">
            <SubmitButton type="button" variant="danger" pending={pending && running === "delete"} label={s.remove} pendingLabel={s.removing} onClick={remove} />
          </div>
        </div>
      ) : (
        <p className="text-sm" data-testid="saved-signature-none">
          {s.none}
        </p>
      )}
      {mayDraw ? (
        <div className="border-t border-slate-200 pt-3">
          <p id="saved-signature-draw" className={ui.label}>
            {saved ? s.drawReplace : s.draw}
          </p>
          <SignatureCanvas
            key={padKey}
            ref={pad}
            labels={{ canvas: s.canvas, undo: t.physician.form.undo, clear: t.physician.form.clear }}
            maxBitmapWidth={MAX_BITMAP_WIDTH}
            looks={padLooks}
            className="mt-1"
            testId="saved-signature-canvas"
            empty={empty}
            onChange={(isEmpty) => {
              setEmpty(isEmpty);
              if (!isEmpty) setError(null);
            }}
            disabled={pending}
            describedBy={error ? "saved-signature-draw saved-signature-err" : "saved-signature-draw"}
            invalid={!!error}
          />
          <FieldError id="saved-signature-err" text={error} />
          <div className="mt-2">
            <SubmitButton type="button" pending={pending && running === "save"} label={s.save} pendingLabel={s.saving} onClick={save} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
