import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { directionOf, isLanguage } from "@/lib/i18n/languages";
import { LANG_HEADER } from "@/lib/page-language";
import "./globals.css";

export const metadata: Metadata = {
  title: "e-Onam",
  description: "Elektronik hasta onamı: SMS ile imza, zaman damgası, doğrulanabilir belge.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Set by proxy.ts for the pages of people (?lang=, the panel's language); Turkish otherwise.
  const given = (await headers()).get(LANG_HEADER);
  const lang = isLanguage(given) ? given : "tr";
  return (
    <html lang={lang} dir={directionOf(lang)}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
