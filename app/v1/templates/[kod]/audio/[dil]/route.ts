// GET, PUT, DELETE /v1/templates/{kod}/audio/{dil} — the read-aloud recording of one language's text (decisions §22)
import { json, methods, withApiKey } from "@/lib/api/handler";
import { readRawBytes } from "@/lib/api/read-body";
import { audioResponse } from "@/lib/audio/audio-response";
import { deleteTemplateAudio } from "@/lib/audio/delete-template-audio";
import { getTemplateAudioOrThrow } from "@/lib/audio/get-template-audio";
import { putTemplateAudio } from "@/lib/audio/put-template-audio";

type Params = { kod: string; dil: string };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApiKey<Params>(
    async ({ auth, params, req, url }) =>
      audioResponse(await getTemplateAudioOrThrow(auth.tenantId, params.kod, params.dil, url.searchParams.get("content_hash")), req.headers.get("range")),
    "GET /v1/templates/{kod}/audio/{dil}",
  ),
  // The body is the recording itself (audio/mpeg or audio/ogg), read within the limit as it arrives.
  PUT: withApiKey<Params>(
    async ({ auth, params, req, url }) =>
      json(
        await putTemplateAudio(
          auth.tenantId,
          params.kod,
          params.dil,
          { contentType: req.headers.get("content-type"), contentHash: url.searchParams.get("content_hash"), read: (limit) => readRawBytes(req, limit) },
          `api:${auth.keyId}`,
        ),
      ),
    "PUT /v1/templates/{kod}/audio/{dil}",
  ),
  DELETE: withApiKey<Params>(async ({ auth, params, url }) => {
    await deleteTemplateAudio(auth.tenantId, params.kod, params.dil, url.searchParams.get("content_hash"));
    return new Response(null, { status: 204 });
  }, "DELETE /v1/templates/{kod}/audio/{dil}"),
});
