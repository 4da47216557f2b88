// Looks of the signing pages, on top of the shared public-page styles.
import type { Ref } from "react";
import { buttonBase, shared } from "@/components/ui/styles";
import { Spinner } from "@/components/ui/spinner";

export const cls = {
  ...shared,
  secondary: `${buttonBase} border-2 border-slate-400 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400`,
  dangerOutline: `${buttonBase} border-2 border-red-700 bg-white text-red-800 hover:bg-red-50 disabled:border-slate-300 disabled:text-slate-400`,
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-300 disabled:text-slate-600`,
  /** a card without a border colour, for cards that bring their own */
  box: "rounded-2xl bg-white p-4 shadow-sm sm:p-6",
  h2: "text-lg font-semibold text-slate-900 outline-none",
  info: "rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-[0.95rem] text-blue-950",
  ok: "rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-[0.95rem] text-green-900",
} as const;

export { Spinner };

/** The link to the person's own copy of the signed PDF (GET /s/{token}/document). */
export function DocumentLink({ href, label, linkRef }: { href: string; label: string; linkRef?: Ref<HTMLAnchorElement> }) {
  return (
    <p className="mt-3">
      <a ref={linkRef} href={href} download className="font-medium text-blue-800 underline underline-offset-2" data-testid="signed-document">
        {label}
      </a>
    </p>
  );
}

/** A countdown for people: 4:05. */
export function mmss(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
