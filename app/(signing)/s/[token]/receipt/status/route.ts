// GET /s/{token}/receipt/status — whether the withdrawal receipt is ready yet (the signing page asks while it shows "preparing"; issue #51)
import { methods } from "@/lib/api/handler";
import { withSigningToken } from "@/lib/api/signing-policy";
import { signerReceiptStatus } from "@/lib/signing/signer-receipt";

const get = withSigningToken(async ({ token, session }) => Response.json(await signerReceiptStatus(token, session), { headers: { "Cache-Control": "no-store" } }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get }, withSigningToken);
