// A /v1 path with broken percent-encoding (`/v1/%zz`) makes Next's router throw while decoding route
// params, before any handler runs, and it answered a plain-text 500. The proxy answers it first.
import { AppError } from "@/lib/api/errors";
import { publicRoute } from "@/lib/api/public-route";

const malformed = publicRoute({ bucket: "public" }, async () => {
  throw new AppError("not_found", "Adres geçerli bir yüzde kodlaması (percent-encoding) içermiyor.");
});

export function malformedPathResponse(req: Request, pathname: string): Promise<Response> | null {
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    return malformed(req, { params: Promise.resolve({}) });
  }
}
