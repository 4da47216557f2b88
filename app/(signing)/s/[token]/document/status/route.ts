// GET /s/{token}/document/status — whether the person's copy is ready yet (the signing page asks while it shows "preparing")
import { methods } from "@/lib/api/handler";
import { withSigningToken } from "@/lib/api/signing-policy";
import { signerDocumentStatus } from "@/lib/signing/signer-document-status";

const get = withSigningToken(async ({ token, session }) => Response.json(await signerDocumentStatus(token, session), { headers: { "Cache-Control": "no-store" } }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get }, withSigningToken);
