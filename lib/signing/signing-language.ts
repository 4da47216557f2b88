// The language a signing link's page speaks without `?lang=`: its consent's (decisions §17), for the
// whole page's <html lang dir>. Turkish for a link that does not exist.
import { cache } from "react";
import { isLanguage, type Language } from "@/lib/i18n/languages";
import { signingRow } from "@/lib/db/hot-queries";

export const signingLanguage = cache(async (token: string): Promise<Language> => {
  const c = await signingRow(token);
  return c && isLanguage(c.language) ? c.language : "tr";
});
