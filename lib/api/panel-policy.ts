// The panel audience of the request pipeline, for the few panel requests a server action cannot
// serve: a recording uploaded with a progress bar (a server action's body is limited to 1 MB and
// reports no progress) and a recording for the panel's player. The signed-in user (next-auth
// session), allowed in the area; a write only from the panel's own origin (the session cookie rides
// along on any request a browser sends, so the origin is what tells the panel's own from another
// site's); a limit per user. Errors are problem+json.
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { hit } from "@/lib/limits/rate-limit";
import { pipeline, type RouteHandler } from "@/lib/api/pipeline";
import { currentPanelUser } from "@/lib/users/require-panel-user";
import { panelAccess, type PanelArea } from "@/lib/users/roles";
import type { PanelUser } from "@/lib/users/get-panel-user";

interface PanelContext<P> {
  req: Request;
  url: URL;
  params: P;
  user: PanelUser;
}

/** Whether a request comes from a page of this service (Origin, else Fetch Metadata). */
function fromOwnOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (origin !== null) return origin === new URL(env().APP_URL).origin;
  return req.headers.get("sec-fetch-site") === "same-origin";
}

export function withPanelUser<P>(area: PanelArea, handler: (ctx: PanelContext<P>) => Promise<Response>): RouteHandler {
  return pipeline<PanelContext<P>, P>(
    {
      scope: "panel",
      async run(state, params, next) {
        const user = await currentPanelUser();
        if (!user) throw new AppError("unauthorized", "Oturumunuz sona erdi; yeniden giriş yapın.");
        state.log = state.log.child({ userId: user.id, tenantId: user.tenantId });
        const access = panelAccess(user, area);
        if (access === "password_change") throw new AppError("forbidden", "Parolanızı değiştirmeniz gerekiyor; önce Parola değiştir sayfasından yeni bir parola belirleyin.");
        if (access === "two_factor_setup") throw new AppError("forbidden", "Kurumunuz iki adımlı doğrulamayı zorunlu tutuyor; önce Hesabım sayfasından açın.");
        if (access === "forbidden") throw new AppError("forbidden", "Bu işlem için rolünüz yeterli değil.");
        if (state.req.method !== "GET" && !fromOwnOrigin(state.req)) throw new AppError("forbidden", "İstek panelin kendi sayfasından gelmedi.");
        state.limit = await hit(`panel:${user.id}`, env().RATE_LIMIT_PER_MINUTE);
        if (!state.limit.allowed) throw new AppError("rate_limited");
        return next({ req: state.req, url: state.url, params, user });
      },
      finish(res) {
        // A Basic challenge would make the browser ask for a password the panel does not take.
        res.headers.delete("WWW-Authenticate");
      },
    },
    handler,
  );
}
