"use client";
// The physician's signature pad (decisions §19), as the signing page's (components/signing/
// signature-field.tsx): signature_pad 5 on pointer events, so a finger on a tablet, a stylus and a
// mouse on a desk all draw; `touch-none` keeps a finger's stroke from scrolling the page. The canvas
// follows its container at the device pixel ratio, strokes redrawn from their points on a resize.
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import SignaturePad from "signature_pad";
import { ui } from "@/components/panel/styles";

export interface SignaturePadHandle {
  /** PNG data URL of the drawing, or null when nothing is drawn */
  toDataURL(): string | null;
}

/** Pixels across of the exported drawing at most: within what the server takes (4096) and 256 KiB. */
const MAX_BITMAP_WIDTH = 1600;

interface Props {
  ref: Ref<SignaturePadHandle>;
  labels: { canvas: string; undo: string; clear: string };
  empty: boolean;
  onChange(empty: boolean): void;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
}

export function PanelSignaturePad({ ref, labels, empty, onChange, disabled, describedBy, invalid }: Props) {
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
      if (!w || !h) return;
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_BITMAP_WIDTH / w);
      const pw = Math.round(w * ratio);
      const ph = Math.round(h * ratio);
      if (canvas.width === pw && canvas.height === ph) return;
      canvas.width = pw;
      canvas.height = ph;
      canvas.getContext("2d")?.scale(ratio, ratio);
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
    pad.fromData(pad.toData().slice(0, -1));
    onChange(pad.isEmpty());
  };

  return (
    <div>
      <div className={`relative mt-1 rounded-xl border-2 bg-white ${invalid ? "border-red-600" : "border-slate-500"}`}>
        <canvas
          ref={canvasRef}
          className="block h-48 w-full touch-none rounded-xl sm:h-56"
          role="img"
          aria-label={labels.canvas}
          aria-describedby={describedBy}
          data-testid="countersign-canvas"
        />
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-5 bottom-10 flex items-end gap-2 text-sm text-slate-600">
          <span className="text-lg leading-none">✕</span>
          <span className="mb-0.5 h-px flex-1 bg-slate-400" />
        </div>
      </div>
      <div className="mt-2 flex gap-2">
        <button type="button" className={ui.secondary} onClick={undo} disabled={disabled || empty}>
          {labels.undo}
        </button>
        <button type="button" className={ui.secondary} onClick={clear} disabled={disabled || empty}>
          {labels.clear}
        </button>
      </div>
    </div>
  );
}
