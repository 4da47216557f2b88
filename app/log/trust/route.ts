// GET /log/trust — the service's trust statement: every seal and time-stamping certificate it has used, a C2SP signed note by the log key (decisions §24)
import { publicRoute } from "@/lib/api/public-route";
import { signedTrustStatement } from "@/lib/verifier/sign-trust-statement";

export const GET = publicRoute({ bucket: "log" }, async () => new Response(await signedTrustStatement(), { headers: { "Content-Type": "text/plain; charset=utf-8" } }));
