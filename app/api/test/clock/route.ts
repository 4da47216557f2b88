// POST /api/test/clock — tests only (TEST_CLOCK=1): set the clock offset, authorized by APP_SECRET
import { safeEqual } from "@/lib/crypto";
import { clockOffsetMs, setClockOffset } from "@/lib/clock";
import { env } from "@/lib/env";

export async function POST(req: Request): Promise<Response> {
  const e = env();
  const auth = req.headers.get("authorization") ?? "";
  if (!e.TEST_CLOCK || !safeEqual(auth, `Bearer ${e.APP_SECRET}`)) return new Response(null, { status: 404 });
  const body = (await req.json().catch(() => null)) as { offset_ms?: unknown } | null;
  if (typeof body?.offset_ms !== "number" || !Number.isFinite(body.offset_ms)) {
    return Response.json({ error: "offset_ms (number) required" }, { status: 400 });
  }
  setClockOffset(body.offset_ms);
  return Response.json({ offset_ms: clockOffsetMs() });
}
