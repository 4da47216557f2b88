"use client";
// The one signature pad: the patient's and the other parties' on the signing page, the physician's
// countersignature in the panel (decisions §19). signature_pad 5 on pointer events, so a finger on a
// tablet, a stylus and a mouse on a desk all draw; `touch-none` keeps a finger's stroke from
// scrolling the page. The canvas follows its container at the device pixel ratio, so strokes stay
// sharp on phones; on a resize they are redrawn from their points rather than lost.
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import SignaturePad from "signature_pad";

export interface SignatureCanvasHandle {
  /** PNG data URL of the drawing, or null when nothing is drawn */
  toDataURL(): string | null;
}

/** Each audience's looks around the same canvas. */
export interface SignatureCanvasLooks {
  /** the undo and clear buttons */
  button: string;
  /** the canvas's height (and anything else of its size) */
  canvas: string;
  /** the row of buttons under the canvas: its margin and gap */
  controls: string;
}

interface Props {
  ref: Ref<SignatureCanvasHandle>;
  labels: { canvas: string; undo: string; clear: string };
  empty: boolean;
  onChange(empty: boolean): void;
  /**
   * Pixels across of the exported drawing at most, kept within what the server takes for this
   * signature (4096 wide, and its byte limit).
   */
  maxBitmapWidth: number;
  looks: SignatureCanvasLooks;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  className?: string;
  testId?: string;
}

export function SignatureCanvas({ ref, labels, empty, onChange, maxBitmapWidth, looks, disabled, describedBy, invalid, className, testId }: Props) {
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
      // Sharp at the device's pixel ratio, but never wider than maxBitmapWidth: a screen zoomed far in
      // (a pixel ratio of 10, a 2× screen at 500 %) would otherwise export a bitmap past what the
      // server takes for a signature.
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), maxBitmapWidth / w);
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
  }, [maxBitmapWidth]);

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
    <div className={className}>
      <div className={`relative rounded-xl border-2 bg-white ${invalid ? "border-red-600" : "border-slate-500"}`}>
        <canvas
          ref={canvasRef}
          className={`block w-full touch-none rounded-xl ${looks.canvas}`}
          role="img"
          aria-label={labels.canvas}
          aria-describedby={describedBy}
          data-testid={testId}
        />
        {/* a signing line as on paper; pointer-events-none so it never catches a stroke */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-5 bottom-10 flex items-end gap-2 text-sm text-slate-600">
          <span className="text-lg leading-none">✕</span>
          <span className="mb-0.5 h-px flex-1 bg-slate-400" />
        </div>
      </div>
      <div className={`flex ${looks.controls}`}>
        <button type="button" className={looks.button} onClick={undo} disabled={disabled || empty}>
          {labels.undo}
        </button>
        <button type="button" className={looks.button} onClick={clear} disabled={disabled || empty}>
          {labels.clear}
        </button>
      </div>
    </div>
  );
}
