"use client";
// issue #51: the signing page shipped all six languages' tables (31 KB over the framework's floor).
// The tables hold functions, so the server cannot hand one over as props; instead each language's
// provider is a chunk of its own, loaded by next/dynamic only for the language the page renders
// (next/dynamic renders it on the server and preloads just that chunk).
import dynamic from "next/dynamic";
import type { ComponentType, ReactNode } from "react";
import type { Language } from "@/lib/i18n/languages";

type Provider = ComponentType<{ children: ReactNode }>;

const providers: Record<Language, Provider> = {
  tr: dynamic(() => import("./locales/provider-tr")),
  en: dynamic(() => import("./locales/provider-en")),
  ar: dynamic(() => import("./locales/provider-ar")),
  de: dynamic(() => import("./locales/provider-de")),
  ru: dynamic(() => import("./locales/provider-ru")),
  fr: dynamic(() => import("./locales/provider-fr")),
};

/** Gives the client components below it (useMessages) the wording of `lang`, and only it. */
export function SigningMessages({ lang, children }: { lang: Language; children: ReactNode }) {
  const Provider = providers[lang];
  return <Provider>{children}</Provider>;
}
