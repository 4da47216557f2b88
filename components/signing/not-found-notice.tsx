// "Not found" in Turkish and English at once: without a consent behind the address, the page cannot
// know its reader's language.
import { messages } from "@/components/signing/messages";

/** `link`: an unknown signing link; `page`: an address that is no page of the service at all. */
export function NotFoundNotice({ what }: { what: "link" | "page" }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      {(["tr", "en"] as const).map((lang, i) => {
        const Heading = i === 0 ? "h1" : "h2";
        const t = messages[lang];
        return (
          <section key={lang} lang={lang} className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <Heading className="text-xl font-semibold text-slate-900">{what === "link" ? t.notFoundTitle : t.pageNotFoundTitle}</Heading>
            <p className="mt-2 text-slate-700">{what === "link" ? t.notFoundText : t.pageNotFoundText}</p>
          </section>
        );
      })}
    </div>
  );
}
