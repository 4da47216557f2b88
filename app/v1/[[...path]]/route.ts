// /v1 and /v1/* — any path the API does not define: 404 problem+json (after authentication, like every /v1 call)
import { AppError } from "@/lib/errors";
import { withApiKey } from "@/lib/api/handler";

const notFound = withApiKey(async ({ url }) => {
  throw new AppError("not_found", `${url.pathname} adresinde bir API uç noktası yok.`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
