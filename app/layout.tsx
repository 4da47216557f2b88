import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { directionOf, isLanguage, type Language } from "@/lib/i18n/languages";
import { LANG_HEADER, SIGNING_TOKEN_HEADER } from "@/lib/page-language";
import { signingViewOf } from "@/lib/signing/get-signing-view";
import "./globals.css";

export const metadata: Metadata = {
  title: "e-Onam",
  description: "Elektronik hasta onamı: SMS ile imza, zaman damgası, doğrulanabilir belge.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** Set by proxy.ts for the pages of people (?lang=, the panel's language; a signing link's consent's language); Turkish otherwise. */
async function htmlLanguage(): Promise<Language> {
  const h = await headers();
  const token = h.get(SIGNING_TOKEN_HEADER);
  if (token) return (await signingViewOf(token))?.language ?? "tr";
  const given = h.get(LANG_HEADER);
  return isLanguage(given) ? given : "tr";
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const lang = await htmlLanguage();
  return (
    <html lang={lang} dir={directionOf(lang)}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
