// GET /d/{id}/{kind} — signed 24-hour download links: pdf, evidence (?format=json), tsr
import { randomUUID } from "node:crypto";
import { errorResponse } from "@/lib/api/handler";
import { logger } from "@/lib/log";
import { serveDownload } from "@/lib/documents/serve-download";

export async function GET(req: Request, ctx: { params: Promise<{ id: string; kind: string }> }): Promise<Response> {
  const { id, kind } = await ctx.params;
  const log = logger().child({ reqId: randomUUID(), consentId: id, kind });
  try {
    const file = await serveDownload(id, kind, new URL(req.url).searchParams);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (err) {
    return errorResponse(err, log);
  }
}
