// GET /log/consistency?first=<m>&second=<n> — the proof that the log's tree of m leaves is a prefix of its tree of n (decisions §20)
import { publicRoute } from "@/lib/api/public-route";
import { getLogConsistency } from "@/lib/transparency/get-log-proof";

export const GET = publicRoute({ bucket: "log" }, async ({ url }) => Response.json(await getLogConsistency(Object.fromEntries(url.searchParams))));
