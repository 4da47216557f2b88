// The panel's language: `?lang=` on the address wins, then the panel_lang cookie (lib/page-language.ts), then Turkish.
import { cookies } from "next/headers";
import { panelMessages, type Lang, type Messages } from "@/components/panel/messages";
import { PANEL_LANG_COOKIE, pageLanguage } from "@/lib/page-language";

export async function panelLang(sp?: { lang?: string | string[] }): Promise<{ lang: Lang; t: Messages }> {
  const q = Array.isArray(sp?.lang) ? sp.lang[0] : sp?.lang;
  const lang: Lang = pageLanguage("/panel", q ?? null, (await cookies()).get(PANEL_LANG_COOKIE)?.value);
  return { lang, t: panelMessages[lang] };
}
