// Inngest's endpoint (BACKGROUND_JOBS=inngest): Inngest Cloud or a self-hosted server calls it to
// run the functions of lib/jobs/inngest. With the embedded runner (the default) it does not exist.
import { serve } from "inngest/next";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { problemResponse } from "@/lib/api/problem";
import { inngest } from "@/lib/jobs/inngest/client";
import { INNGEST_FUNCTIONS } from "@/lib/jobs/inngest/functions";

const handler = serve({ client: inngest, functions: INNGEST_FUNCTIONS });

type Handler = (typeof handler)["GET"];
const onlyWithInngest =
  (h: Handler): Handler =>
  (...args) =>
    env().BACKGROUND_JOBS === "inngest" ? h(...args) : Promise.resolve(problemResponse(new AppError("not_found", "Inngest kullanılmıyor (BACKGROUND_JOBS=embedded).")));

export const GET = onlyWithInngest(handler.GET);
export const POST = onlyWithInngest(handler.POST);
export const PUT = onlyWithInngest(handler.PUT);
