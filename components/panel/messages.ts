// Every string of the panel, Turkish (default, the reference) and English (`?lang=en`, then kept in a
// cookie), one file per language under ./locales.
import type { PanelLanguage } from "@/lib/i18n/languages";
import { en } from "./locales/en";
import { tr, type Messages } from "./locales/tr";

export type { Messages };
export type Lang = PanelLanguage;

export const panelMessages: Record<Lang, Messages> = { tr, en };
