// The header of the public pages: who is speaking, and a link to the page in the other language.
import { focus } from "@/components/ui/styles";

/** `logo`: the institution's (decisions §23), beside its name, which says the same: no alternative text of its own. */
export function PageHeader(props: { brand: string; switchHref: string; other: string; label: string; text: string; logo?: { src: string; width: number; height: number } | null }) {
  return (
    <header className="flex items-start justify-between gap-3">
      <div className="flex min-w-0 items-center gap-3">
        {props.logo ? (
          // A same-origin file served as is (/brand/…); Next's <Image> would only re-encode it.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={props.logo.src} alt="" width={props.logo.width} height={props.logo.height} className="h-10 w-auto max-w-32 shrink-0 object-contain sm:h-12 sm:max-w-40" data-testid="clinic-logo" />
        ) : null}
        <p className={`${props.logo ? "" : "pt-2 "}text-[0.95rem] font-semibold text-slate-700 [overflow-wrap:anywhere]`}>{props.brand}</p>
      </div>
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
