// Every string of the patient signing pages, in the six languages of decisions §17: Turkish (the
// reference, and the default), English, Arabic, German, Russian and French, one file each in ./locales.
// The server's problem details are never shown: the UI picks its own message from status, code and reason.
// This table of all six is for server components; client components take the page's one language
// from useMessages() (messages-context.tsx), so that the browser loads only that one (issue #51).

import type { Language } from "@/lib/i18n/languages";
import type { Messages } from "./message-types";
import { ar } from "./locales/ar";
import { de } from "./locales/de";
import { en } from "./locales/en";
import { fr } from "./locales/fr";
import { ru } from "./locales/ru";
import { tr } from "./locales/tr";

export type { Messages, OnBehalf } from "./message-types";
export type Lang = Language;

export const messages: Record<Lang, Messages> = { tr, en, ar, de, ru, fr };
