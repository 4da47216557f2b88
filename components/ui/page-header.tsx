// The header of the public pages: who is speaking, and a link to the page in the other language.
import { focus } from "@/components/ui/styles";

export function PageHeader(props: { brand: string; switchHref: string; other: string; label: string; text: string }) {
  return (
    <header className="flex items-start justify-between gap-3">
      <p className="pt-2 text-[0.95rem] font-semibold text-slate-700 [overflow-wrap:anywhere]">{props.brand}</p>
      <a
        href={props.switchHref}
        hrefLang={props.other}
        lang={props.other}
        aria-label={props.label}
        className={`inline-flex min-h-11 shrink-0 items-center rounded-lg px-3 text-[0.95rem] font-medium text-blue-800 underline underline-offset-4 hover:bg-blue-50 ${focus}`}
      >
        {props.text}
      </a>
    </header>
  );
}
