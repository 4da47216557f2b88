// GET /s/{token}/receipt — the sealed withdrawal receipt for the person who withdrew (a session that verified a code; issue #51)
import { methods } from "@/lib/api/handler";
import { withSigningToken } from "@/lib/api/signing-policy";
import { signerReceipt } from "@/lib/signing/signer-receipt";

const get = withSigningToken(async ({ token, session, origin }) => {
  const { bytes, filename } = await signerReceipt(token, session, origin);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${filename}"` },
  });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get }, withSigningToken);
