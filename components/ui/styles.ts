// Looks shared by the public-facing pages (signing, verification). Buttons are at least 44px tall
// (touch targets), every control has a visible focus outline, colours keep WCAG AA contrast on white.

export const focus = "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export const buttonBase =
  "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-center text-base font-semibold " +
  "transition-colors disabled:cursor-not-allowed " +
  focus;

export const shared = {
  focus,
  primary: `${buttonBase} bg-blue-700 text-white hover:bg-blue-800 disabled:bg-slate-300 disabled:text-slate-600`,
  card: "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6",
  alert: "rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-[0.95rem] text-red-900",
} as const;
