// The language of a page as a whole, for <html lang>: the root layout cannot see the address's query
// or know which audience a page is for, so the proxy works it out and passes it in a request header.
export const LANG_HEADER = "x-eonam-lang";
/**
 * Set by the proxy on a signing page opened without `?lang=`: the page then speaks its consent's
 * language, which only the database knows, so the root layout looks it up by this token.
 */
export const SIGNING_TOKEN_HEADER = "x-eonam-signing-token";
/** Set by the proxy when it sends an unknown signing link to app/not-found.tsx, which then says so. */
export const NOT_FOUND_HEADER = "x-eonam-not-found";
export const PANEL_LANG_COOKIE = "panel_lang";

import { isLanguage, type Language, type PanelLanguage } from "@/lib/i18n/languages";

/** The Set-Cookie value that remembers the panel's language for a year. */
export function panelLangCookie(lang: PanelLanguage): string {
  return `${PANEL_LANG_COOKIE}=${lang}; Path=/panel; Max-Age=31536000; SameSite=Lax; HttpOnly`;
}

/**
 * `?lang=` wins (signing, verification and panel pages alike), then the panel's cookie, then Turkish.
 * The signing and verification pages speak the six languages of decisions §17; the panel Turkish and English.
 */
export function pageLanguage(pathname: "/panel", query: string | null, panelCookie: string | undefined): PanelLanguage;
export function pageLanguage(pathname: string, query: string | null, panelCookie: string | undefined): Language;
export function pageLanguage(pathname: string, query: string | null, panelCookie: string | undefined): Language {
  if ((pathname.startsWith("/s/") || pathname.startsWith("/dogrula")) && isLanguage(query)) return query;
  if (query === "en" || query === "tr") return query;
  return pathname.startsWith("/panel") && panelCookie === "en" ? "en" : "tr";
}
