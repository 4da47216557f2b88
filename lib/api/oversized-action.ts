// Next answers a server action whose body is past its limit (lib/limits/action-body.ts) with a plain
// 500, after reading up to the limit. The proxy answers one that declares such a length first: a
// problem+json 413, without reading it (proxy.ts). A chunked body without a length (no browser sends an
// action so) is still Next's to cut off.
import { AppError } from "@/lib/errors";
import { publicRoute } from "@/lib/api/public-route";
import { MAX_ACTION_BODY_BYTES } from "@/lib/limits/action-body";

const tooLarge = publicRoute({ bucket: "public" }, async () => {
  throw new AppError("payload_too_large", `Bir panel işleminin gövdesi ${MAX_ACTION_BODY_BYTES / (1024 * 1024)} MiB sınırını aşıyor.`);
});

export function oversizedActionResponse(req: Request): Promise<Response> | null {
  if (req.method !== "POST" || !req.headers.has("next-action")) return null;
  return Number(req.headers.get("content-length") ?? 0) > MAX_ACTION_BODY_BYTES ? tooLarge(req, { params: Promise.resolve({}) }) : null;
}
