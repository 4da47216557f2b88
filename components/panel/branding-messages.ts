// The branding section's words by panel language (decisions §23).
import type { Lang } from "@/components/panel/messages";
import { brandingEn } from "@/components/panel/locales/branding-en";
import { brandingTr, type BrandingMessages } from "@/components/panel/locales/branding-tr";

export const brandingMessages: Record<Lang, BrandingMessages> = { tr: brandingTr, en: brandingEn };
