// Next answers a server action whose body is past its limit (lib/limits/action-body.ts) with a plain
// 500, after reading up to the limit. The proxy answers first, without reading the body, with a
// problem+json 413 (proxy.ts): for a body that declares a length past the limit, and for a chunked one
// that declares none (no browser sends an action so; its size could only be known by reading it).
import { AppError } from "@/lib/errors";
import { publicRoute } from "@/lib/api/public-route";
import { MAX_ACTION_BODY_BYTES } from "@/lib/limits/action-body";

const LIMIT_MIB = MAX_ACTION_BODY_BYTES / (1024 * 1024);

const refused = publicRoute({ bucket: "public" }, async ({ req }) => {
  throw new AppError(
    "payload_too_large",
    req.headers.has("content-length")
      ? `Bir panel işleminin gövdesi ${LIMIT_MIB} MiB sınırını aşıyor.`
      : `Bir panel işleminin gövdesi uzunluğunu (Content-Length) bildirmeli; sınır ${LIMIT_MIB} MiB.`,
  );
});

export function oversizedActionResponse(req: Request): Promise<Response> | null {
  if (req.method !== "POST" || !req.headers.has("next-action")) return null;
  const length = req.headers.get("content-length");
  const refuse = length === null ? req.headers.has("transfer-encoding") : Number(length) > MAX_ACTION_BODY_BYTES;
  return refuse ? refused(req, { params: Promise.resolve({}) }) : null;
}
