"use client";
// The signing page's signature pad (the person's, the interpreter's, the witness's): the shared
// canvas in the person's language and the signing pages' looks.
import type { Ref } from "react";
import { SignatureCanvas, type SignatureCanvasHandle, type SignatureCanvasLooks } from "@/components/ui/signature-canvas";
import type { Messages } from "./messages";

export type SignatureHandle = SignatureCanvasHandle;

/** Pixels across of the exported drawing at most: sharper than the PDF prints it, within the server's 4096. */
const MAX_BITMAP_WIDTH = 2048;

const looks: SignatureCanvasLooks = {
  button:
    "inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-slate-400 bg-white px-4 text-base font-medium text-slate-800 " +
    "hover:bg-slate-100 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400 " +
    "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700",
  canvas: "h-48",
  controls: "mt-3 gap-3",
};

interface Props {
  t: Messages;
  ref: Ref<SignatureHandle>;
  empty: boolean;
  onChange(empty: boolean): void;
  disabled?: boolean;
  describedBy?: string;
}

export function SignatureField({ t, ...props }: Props) {
  return <SignatureCanvas {...props} labels={{ canvas: t.signatureCanvas, undo: t.undo, clear: t.clear }} maxBitmapWidth={MAX_BITMAP_WIDTH} looks={looks} />;
}
