// An unknown signing link. The page cannot know the language here, so it speaks both.
import { messages } from "@/components/signing/messages";

export default function SigningNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      {(["tr", "en"] as const).map((lang, i) => {
        const Heading = i === 0 ? "h1" : "h2";
        return (
          <section key={lang} lang={lang} className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <Heading className="text-xl font-semibold text-slate-900">{messages[lang].notFoundTitle}</Heading>
            <p className="mt-2 text-slate-700">{messages[lang].notFoundText}</p>
          </section>
        );
      })}
    </div>
  );
}
