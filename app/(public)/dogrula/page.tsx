// GET /dogrula — public document verification: the PDF is hashed in the browser, only the digest is sent;
// the file itself only when the person asks for it to be judged (checkFileAction)
import type { Metadata } from "next";
import { messages } from "@/components/verify/messages";
import { LANGUAGES, pickLanguage } from "@/lib/i18n/languages";
import { VerifyPage } from "@/components/verify/verify-page";
import { checkFileAction } from "@/app/(public)/dogrula/actions";

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: messages[pickLanguage((await searchParams).lang, LANGUAGES)].pageTitle };
}

export default async function VerifyIndexPage({ searchParams }: Props) {
  const sp = await searchParams;
  const id = typeof sp.id === "string" ? sp.id.slice(0, 80) : "";
  return <VerifyPage lang={pickLanguage(sp.lang, LANGUAGES)} id={id} checkFile={checkFileAction} />;
}
