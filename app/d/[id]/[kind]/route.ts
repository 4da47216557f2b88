// GET /d/{id}/{kind} — signed 24-hour download links: pdf, evidence (?format=json), tsr. The link's
// signature is the credential (lib/consents/serve-download.ts). `&inline=1` asks for a PDF to open
// in the browser (the panel's "Yazdır") rather than be saved: the same bytes, so it is not signed.
import { publicRoute } from "@/lib/api/public-route";
import { serveDownload } from "@/lib/consents/serve-download";

export const GET = publicRoute<{ id: string; kind: string }>({ bucket: null }, async ({ url, params }) => {
  const file = await serveDownload(params.id, params.kind, url.searchParams);
  const inline = url.searchParams.get("inline") === "1" && file.contentType === "application/pdf";
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
