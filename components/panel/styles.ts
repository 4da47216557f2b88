// Looks of the panel: denser than the patient pages, same focus outlines and 44px touch targets.
import { focus } from "@/components/ui/styles";

const btn = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${focus}`;

export const ui = {
  focus,
  primary: `${btn} bg-blue-700 text-white hover:bg-blue-800 disabled:bg-slate-300 disabled:text-slate-600`,
  secondary: `${btn} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400`,
  danger: `${btn} bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-300 disabled:text-slate-600`,
  link: `rounded text-blue-800 underline underline-offset-4 hover:text-blue-900 ${focus}`,
  card: "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5",
  label: "block text-sm font-medium text-slate-800",
  input: `mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600 ${focus}`,
  fieldError: "mt-1 text-sm text-red-800",
  alert: "rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900",
  success: "rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900",
  h1: "text-xl font-semibold text-slate-900 sm:text-2xl",
  h2: "text-lg font-semibold text-slate-900",
  muted: "text-sm text-slate-600",
  mono: "font-mono text-xs break-all",
} as const;
