// Where proxy.ts sends a signing or short link that cannot be looked up because the database is
// unreachable, with status 503 and Retry-After: the patient learns the link is fine and to come back
// shortly, instead of a blank error shell. Reached directly, it says the same and harms nothing.
import type { Metadata } from "next";
import { messages } from "@/components/signing/messages";
import { NotFoundNotice } from "@/components/signing/not-found-notice";

export const metadata: Metadata = { title: messages.tr.unavailableTitle };

export default function Unavailable() {
  return <NotFoundNotice what="unavailable" />;
}
