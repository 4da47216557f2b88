// Every string of the panel, Turkish (default, the reference) and English (`?lang=en`, then kept in a
// cookie), one file per language under ./locales. Sign-in security's words (issue #42) are joined
// in here rather than in tr.ts/en.ts, which are at their size limit.
import type { PanelLanguage } from "@/lib/i18n/languages";
import { en } from "./locales/en";
import { tr, type Messages as BaseMessages } from "./locales/tr";
import { securityEn } from "./locales/security-en";
import { securityTr } from "./locales/security-tr";

export type Messages = BaseMessages & { security: typeof securityTr };
export type Lang = PanelLanguage;

export const panelMessages: Record<Lang, Messages> = { tr: { ...tr, security: securityTr }, en: { ...en, security: securityEn } };
