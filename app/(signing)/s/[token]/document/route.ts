// GET /s/{token}/document — the signed PDF for the person who signed it (a session that verified a code)
import { methods } from "@/lib/api/handler";
import { withSigningToken } from "@/lib/api/signing-policy";
import { signerDocument } from "@/lib/signing/signer-document";

const get = withSigningToken(async ({ token, session, origin }) => {
  const { bytes, filename } = await signerDocument(token, session, origin);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${filename}"` },
  });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get }, withSigningToken);
