// GET /brand/{key}.{png|svg} — an institution's logo for its signing pages (decisions §23): no credentials, cached for good, the logo and nothing else
import { methods } from "@/lib/api/handler";
import { publicRoute } from "@/lib/api/public-route";
import { getPublicLogoOrThrow } from "@/lib/branding/get-public-logo";
import { logoResponse } from "@/lib/branding/logo-response";

type Params = { file: string };

const audience = (handler: () => Promise<Response>) => publicRoute({ bucket: "brand" }, handler);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    // Limited per address: an unknown key costs a database lookup.
    GET: publicRoute<Params>({ bucket: "brand" }, async ({ params }) => logoResponse(await getPublicLogoOrThrow(params.file))),
  },
  audience,
);
