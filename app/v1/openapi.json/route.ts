// GET /v1/openapi.json — the OpenAPI 3.1 document, public (no credentials), generated from the zod schemas
import { AppError } from "@/lib/errors";
import { problemResponse } from "@/lib/api/problem";
import { publicRoute } from "@/lib/api/public-route";
import { openApiDocument } from "@/lib/openapi/openapi-document";

export const GET = publicRoute(
  { bucket: "public" },
  async () =>
    new Response(JSON.stringify(openApiDocument()), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
    }),
);

export const OPTIONS = publicRoute({ bucket: "public" }, async () => new Response(null, { status: 204, headers: { Allow: "GET" } }));

// Other methods: the API's own 405 problem+json rather than Next's empty one.
const notAllowed = publicRoute({ bucket: "public" }, async () =>
  problemResponse(new AppError("method_not_allowed", "Bu adres yalnızca şu yöntemleri destekler: GET."), { Allow: "GET" }),
);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
