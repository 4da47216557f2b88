// The panel's language: `?lang=en` on the address wins, then the cookie set by /panel/lang, then Turkish.
import { cookies } from "next/headers";
import { panelMessages, type Lang, type Messages } from "@/components/panel/messages";
import { PANEL_LANG_COOKIE } from "@/lib/page-language";

export async function panelLang(sp?: { lang?: string | string[] }): Promise<{ lang: Lang; t: Messages }> {
  const q = Array.isArray(sp?.lang) ? sp.lang[0] : sp?.lang;
  const c = (await cookies()).get(PANEL_LANG_COOKIE)?.value;
  const lang: Lang = (q ?? c) === "en" ? "en" : "tr";
  return { lang, t: panelMessages[lang] };
}
