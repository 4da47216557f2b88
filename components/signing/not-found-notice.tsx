// "Not found" (or "unavailable") without a consent behind the address, so without its language: in Turkish, in the
// reader's own language as the browser states it (Accept-Language) when the pages speak it, and in English.
import { headers } from "next/headers";
import { messages } from "@/components/signing/messages";
import { acceptedLanguage, directionOf, LANGUAGES } from "@/lib/i18n/languages";

const TEXTS = {
  /** an unknown signing link */
  link: { title: "notFoundTitle", text: "notFoundText" },
  /** an address that is no page of the service at all */
  page: { title: "pageNotFoundTitle", text: "pageNotFoundText" },
  /** a signing or short link while the database cannot be reached */
  unavailable: { title: "unavailableTitle", text: "unavailableText" },
} as const;
export type NoticeKind = keyof typeof TEXTS;

export async function NotFoundNotice({ what }: { what: NoticeKind }) {
  const reader = acceptedLanguage((await headers()).get("accept-language"), LANGUAGES.filter((l) => l !== "tr")) ?? "en";
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      {[...new Set(["tr", reader, "en"] as const)].map((lang, i) => {
        const Heading = i === 0 ? "h1" : "h2";
        const t = messages[lang];
        return (
          <section key={lang} lang={lang} dir={directionOf(lang)} className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <Heading className="text-xl font-semibold text-slate-900">{t[TEXTS[what].title]}</Heading>
            <p className="mt-2 text-slate-700">{t[TEXTS[what].text]}</p>
          </section>
        );
      })}
    </div>
  );
}
