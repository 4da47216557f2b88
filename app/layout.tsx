import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { LANG_HEADER } from "@/lib/page-language";
import "./globals.css";

export const metadata: Metadata = {
  title: "e-Onam",
  description: "Elektronik hasta onamı: SMS ile imza, zaman damgası, doğrulanabilir belge.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Set by proxy.ts for the pages of people (?lang=en, the panel's language); Turkish otherwise.
  const lang = (await headers()).get(LANG_HEADER) === "en" ? "en" : "tr";
  return (
    <html lang={lang}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
