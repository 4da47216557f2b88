// The public audience of the pipeline: answers given without credentials (the OpenAPI document, a
// malformed /v1 path, the public verify, the built-in TSA, certificates, signed download links),
// limited per client address where a stranger could make them costly (decisions §2, §5, §15).
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { hit } from "@/lib/limits/rate-limit";
import { pipeline, type RouteHandler } from "@/lib/api/pipeline";

interface PublicContext<P> {
  req: Request;
  url: URL;
  params: P;
}

interface PublicOptions {
  /** the limit's bucket, per client address; null: unlimited (static, cacheable answers) */
  bucket: string | null;
  /** requests a minute per address (default RATE_LIMIT_PER_MINUTE) */
  perMinute?: number;
}

export function publicRoute<P = Record<string, never>>(options: PublicOptions, handler: (ctx: PublicContext<P>) => Promise<Response>): RouteHandler {
  return pipeline<PublicContext<P>, P>(
    {
      scope: options.bucket ?? "public",
      async run(state, params, next) {
        if (options.bucket !== null) {
          state.limit = await hit(`${options.bucket}:${state.ip}`, options.perMinute ?? env().RATE_LIMIT_PER_MINUTE);
          if (!state.limit.allowed) throw new AppError("rate_limited");
        }
        return next({ req: state.req, url: state.url, params });
      },
      finish(res, _state, err) {
        // A refusal that knows when to ask again (an evidence report being rendered) says so.
        if (err instanceof AppError && (res.status === 429 || res.status === 503) && typeof err.extra?.retry_after === "number") {
          res.headers.set("Retry-After", String(err.extra.retry_after));
        }
      },
    },
    handler,
  );
}
