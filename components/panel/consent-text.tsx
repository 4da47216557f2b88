// A consent's text as the person read it, for the physician who countersigns: the rendered HTML hashed
// into content_sha256 (the template's sanitized HTML, values escaped at creation), shown as the
// signing page shows it (components/signing/consent-summary.tsx), in its own language and direction.
// Tables scroll inside the box so the page never scrolls sideways.
import { directionOf, type Language } from "@/lib/i18n/languages";

const prose = [
  "text-base leading-relaxed text-slate-900 [overflow-wrap:anywhere]",
  "[&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_p]:my-3",
  "[&_h1]:mt-5 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold",
  "[&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_h5]:mt-3 [&_h5]:font-semibold [&_h6]:mt-3 [&_h6]:font-semibold",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:text-blue-800 [&_a]:underline [&_b]:font-semibold [&_strong]:font-semibold [&_hr]:my-5 [&_hr]:border-slate-300",
  "[&_table]:my-3 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse",
  "[&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_td]:align-top [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:p-2 [&_th]:text-left",
].join(" ");

export function ConsentText({ html, language }: { html: string; language: Language }) {
  return <div lang={language} dir={directionOf(language)} className={prose} data-testid="consent-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
