// GET /dogrula/{id} — the verify_url in every PDF's QR code: the verification page with the id filled in
import type { Metadata } from "next";
import { messages } from "@/components/verify/messages";
import { LANGUAGES, pickLanguage } from "@/lib/i18n/languages";
import { VerifyPage } from "@/components/verify/verify-page";

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: messages[pickLanguage((await searchParams).lang, LANGUAGES)].pageTitle };
}

export default async function VerifyDocumentPage({ params, searchParams }: Props) {
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  // Nothing is looked up here: whether the id exists is only said after a digest is checked.
  return <VerifyPage lang={pickLanguage(sp.lang, LANGUAGES)} id={id.slice(0, 80)} />;
}
