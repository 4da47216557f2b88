"use server";
// Server action of the public verification page (/dogrula, no session): the file itself judged by the
// one verifier (decisions §24), sent only when the person asks for it after its digest matched nothing
// (lib/verifier/check-uploaded-pdf.ts). Beside the page, not in lib/actions/: that is the panel's, and
// public pages never import panel code.
import { headers } from "next/headers";
import { clientIpOf } from "@/lib/server/client-ip";
import { checkUploadedPdf, type UploadedVerdict } from "@/lib/verifier/check-uploaded-pdf";

export async function checkFileAction(form: FormData): Promise<UploadedVerdict> {
  return checkUploadedPdf(form.get("file"), clientIpOf(await headers()));
}
