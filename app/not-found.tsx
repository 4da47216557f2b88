// Every address that is no page, server-rendered with status 404. proxy.ts also sends an unknown
// signing link here (flagged by a request header), because a page's own notFound() reaches the browser
// as an empty shell that only JavaScript fills in (vercel/next.js#62228): a patient on a slow phone
// or a link checker would see a blank page.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { messages } from "@/components/signing/messages";
import { NotFoundNotice } from "@/components/signing/not-found-notice";
import { NOT_FOUND_HEADER } from "@/lib/page-language";

export async function generateMetadata(): Promise<Metadata> {
  const link = await unknownLink();
  return { title: link ? messages.tr.notFoundTitle : messages.tr.pageNotFoundTitle, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

async function unknownLink(): Promise<boolean> {
  return (await headers()).get(NOT_FOUND_HEADER) === "signing-link";
}

export default async function NotFound() {
  return (
    <main className="min-h-dvh">
      <NotFoundNotice what={(await unknownLink()) ? "link" : "page"} />
    </main>
  );
}
