// Looks of the verification page, on top of the shared public-page styles.
import { shared } from "@/components/ui/styles";
import { Spinner } from "@/components/ui/spinner";

export const cls = {
  ...shared,
  h2: "text-lg font-semibold text-slate-900",
  input:
    "mt-1 block min-h-12 w-full rounded-xl border-2 border-slate-400 bg-white px-3 py-2 font-mono text-base text-slate-900 " +
    "[overflow-wrap:anywhere] aria-[invalid=true]:border-red-700 " +
    shared.focus,
  help: "mt-1 text-[0.9rem] text-slate-600",
  // Scrolls sideways on a phone: focusable (tabIndex 0) so that a keyboard can scroll it too.
  code: "mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-[0.8rem] leading-relaxed text-slate-100 " + shared.focus,
} as const;

export { Spinner };
