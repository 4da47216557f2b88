// GET /dogrula/{id} — the verify_url in every PDF's QR code: the consent's status on record (decisions §25), then the verification form with the id filled in
import type { Metadata } from "next";
import { headers } from "next/headers";
import { messages } from "@/components/verify/messages";
import { LANGUAGES, pickLanguage } from "@/lib/i18n/languages";
import { VerifyPage } from "@/components/verify/verify-page";
import type { RecordLookup } from "@/components/verify/record-status";
import { checkFileAction } from "@/app/(public)/dogrula/actions";
import { lookUpPublicStatus } from "@/lib/consents/look-up-public-status";
import { clientIpOf } from "@/lib/server/client-ip";

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: messages[pickLanguage((await searchParams).lang, LANGUAGES)].pageTitle };
}

export default async function VerifyDocumentPage({ params, searchParams }: Props) {
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  // A printout's reader learns the status, the institution and the signing date — nothing personal —
  // within the public verify's limit per address; a copy is checked byte for byte only with its file.
  const record: RecordLookup = await lookUpPublicStatus(id.slice(0, 80), clientIpOf(await headers()));
  return <VerifyPage lang={pickLanguage(sp.lang, LANGUAGES)} id={id.slice(0, 80)} checkFile={checkFileAction} record={record} />;
}
