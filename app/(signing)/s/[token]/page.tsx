// GET /s/{token} — the patient's signing page; the link token is the only credential
import { cache } from "react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getSigningView } from "@/lib/signing/get-signing-view";
import { recordView } from "@/lib/signing/record-view";
import { clientIpFrom } from "@/lib/api/client-ip";
import { PageHeader } from "@/components/ui/page-header";
import { ConsentDetails, ConsentText, Outcome } from "@/components/signing/consent-summary";
import { messages, pickLang } from "@/components/signing/messages";
import { SigningFlow } from "@/components/signing/signing-flow";

interface Props {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const loadView = cache(getSigningView);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ token }, sp] = await Promise.all([params, searchParams]);
  const t = messages[pickLang(sp.lang)];
  const view = await loadView(token);
  return { title: view ? `${t.pageTitle} · ${view.institution}` : t.notFoundTitle };
}

export default async function SigningPage({ params, searchParams }: Props) {
  const [{ token }, sp] = await Promise.all([params, searchParams]);
  const lang = pickLang(sp.lang);
  const t = messages[lang];
  const view = await loadView(token);
  if (!view) notFound();

  const other = lang === "tr" ? "en" : "tr";
  const switchHref = `/s/${encodeURIComponent(token)}${other === "en" ? "?lang=en" : ""}`;
  const header = (
    <>
      {/* A full page load: the verified state survives it in sessionStorage and the server's cookie. */}
      <PageHeader brand={view.institution} switchHref={switchHref} other={other} label={t.otherLanguageLabel} text={t.otherLanguage} />
      <h1 className="mt-1 text-2xl leading-tight font-bold text-slate-900 [overflow-wrap:anywhere]">{view.title}</h1>
    </>
  );

  // Purged after the download window (storage kurum): the outcome is all that is left to show.
  if (view.purged) {
    return (
      <div lang={lang} className="mx-auto max-w-xl px-4 pt-4 pb-16">
        {header}
        <Outcome view={view} t={t} lang={lang} purged />
      </div>
    );
  }

  const open = view.status === "sent";
  if (open) {
    // Opening the link is evidence (`goruntulendi`); only while the consent is open.
    const h = await headers();
    const ip = clientIpFrom(h);
    await recordView(token, { ip, userAgent: h.get("user-agent") ?? "" });
  }

  return (
    <div lang={lang} className="mx-auto max-w-xl px-4 pt-4 pb-16">
      {header}

      <Outcome view={view} t={t} lang={lang} />
      <ConsentDetails view={view} t={t} lang={lang} />

      {open ? (
        <>
          <section aria-labelledby="consent-text" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <h2 id="consent-text" className="text-lg font-semibold text-slate-900">
              {t.textHeading}
            </h2>
            <p className="mt-1 mb-4 text-[0.95rem] text-slate-600">{t.textHint}</p>
            <ConsentText html={view.html} />
          </section>
          <div className="mt-6">
            <SigningFlow token={token} lang={lang} phoneMasked={view.phoneMasked} />
          </div>
        </>
      ) : (
        <details className="group mt-6 rounded-2xl border border-slate-200 bg-white shadow-sm">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 rounded-2xl px-4 py-3 font-semibold text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden">
            {t.showText}
            <span aria-hidden="true" className="transition-transform group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="border-t border-slate-200 p-4">
            <ConsentText html={view.html} />
          </div>
        </details>
      )}
    </div>
  );
}
