// GET /s/{token}/document — the signed PDF for the person who signed it (a session that verified a code)
import { withSigningToken } from "@/lib/signing/signing-handler";
import { signerDocument } from "@/lib/signing/signer-document";

export const GET = withSigningToken(async ({ token, session }) => {
  const { bytes, filename } = await signerDocument(token, session);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${filename}"` },
  });
});
