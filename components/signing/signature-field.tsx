"use client";
// The signature pad: a canvas sized to its container at the device pixel ratio, so strokes stay
// sharp on phones; on a width change the strokes are redrawn from their points rather than lost.
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import SignaturePad from "signature_pad";
import type { Messages } from "./messages";

export interface SignatureHandle {
  /** PNG data URL of the drawing, or null when nothing is drawn */
  toDataURL(): string | null;
}

/** Pixels across of the exported drawing at most: sharper than the PDF prints it, within the server's 4096. */
const MAX_BITMAP_WIDTH = 2048;

interface Props {
  t: Messages;
  ref: Ref<SignatureHandle>;
  empty: boolean;
  onChange(empty: boolean): void;
  disabled?: boolean;
  describedBy?: string;
}

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-slate-400 bg-white px-4 text-base font-medium text-slate-800 " +
  "hover:bg-slate-100 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400 " +
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export function SignatureField({ t, ref, empty, onChange, disabled, describedBy }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useImperativeHandle(ref, () => ({
    toDataURL: () => {
      const pad = padRef.current;
      return pad && !pad.isEmpty() ? pad.toDataURL("image/png") : null;
    },
  }));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: "#0f172a", minWidth: 0.8, maxWidth: 2.6, throttle: 16 });
    padRef.current = pad;
    const changed = () => onChangeRef.current(pad.isEmpty());
    pad.addEventListener("endStroke", changed);

    const fit = () => {
      const w = canvas.offsetWidth;
      const h = canvas.offsetHeight;
      if (!w || !h) return; // hidden: keep the current bitmap until it is shown again
      // Sharp at the device's pixel ratio, but never wider than MAX_BITMAP_WIDTH: a screen zoomed far in
      // (a pixel ratio of 10, a 2× screen at 500 %) would otherwise export a bitmap past what the
      // server takes for a signature (4096 wide).
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_BITMAP_WIDTH / w);
      const pw = Math.round(w * ratio);
      const ph = Math.round(h * ratio);
      if (canvas.width === pw && canvas.height === ph) return;
      canvas.width = pw;
      canvas.height = ph;
      canvas.getContext("2d")?.scale(ratio, ratio);
      // Points are kept in CSS pixels, so they redraw in place at the new size.
      pad.redraw();
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(canvas);
    return () => {
      ro.disconnect();
      pad.removeEventListener("endStroke", changed);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onChange(true);
  };
  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const data = pad.toData().slice(0, -1);
    pad.fromData(data);
    onChange(pad.isEmpty());
  };

  return (
    <div>
      <div className="relative rounded-xl border-2 border-slate-500 bg-white">
        <canvas
          ref={canvasRef}
          className="block h-48 w-full touch-none rounded-xl"
          role="img"
          aria-label={t.signatureCanvas}
          aria-describedby={describedBy}
        />
        {/* a signing line as on paper; pointer-events-none so it never catches a stroke */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-5 bottom-10 flex items-end gap-2 text-sm text-slate-600">
          <span className="text-lg leading-none">✕</span>
          <span className="mb-0.5 h-px flex-1 bg-slate-400" />
        </div>
      </div>
      <div className="mt-3 flex gap-3">
        <button type="button" className={button} onClick={undo} disabled={disabled || empty}>
          {t.undo}
        </button>
        <button type="button" className={button} onClick={clear} disabled={disabled || empty}>
          {t.clear}
        </button>
      </div>
    </div>
  );
}
