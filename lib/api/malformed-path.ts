// A /v1 path with broken percent-encoding (`/v1/%zz`) makes Next's router throw while decoding route
// params, before any handler runs, and it answered a plain-text 500. The proxy answers it first.
import { AppError, problemResponse } from "@/lib/api/errors";

export function malformedPathResponse(pathname: string): Response | null {
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    return problemResponse(new AppError("not_found", "Adres geçerli bir yüzde kodlaması (percent-encoding) içermiyor."));
  }
}
