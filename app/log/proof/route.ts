// GET /log/proof?hash=<record hash hex>&size=<tree size> — the inclusion proof of an evidence record (decisions §20)
import { publicRoute } from "@/lib/api/public-route";
import { getLogProof } from "@/lib/transparency/get-log-proof";

export const GET = publicRoute({ bucket: "log" }, async ({ url }) => Response.json(await getLogProof(Object.fromEntries(url.searchParams))));
