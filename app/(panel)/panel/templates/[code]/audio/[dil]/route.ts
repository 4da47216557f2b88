// GET, PUT, DELETE /panel/templates/{code}/audio/{dil} — the panel's player, upload (with progress) and removal of a read-aloud recording (decisions §22)
import { json, methods } from "@/lib/api/handler";
import { withPanelUser } from "@/lib/api/panel-policy";
import { readRawBytes } from "@/lib/api/read-body";
import { audioResponse } from "@/lib/audio/audio-response";
import { deleteTemplateAudio } from "@/lib/audio/delete-template-audio";
import { getTemplateAudioOrThrow } from "@/lib/audio/get-template-audio";
import { putTemplateAudio } from "@/lib/audio/put-template-audio";

type Params = { code: string; dil: string };

const audience = (handler: () => Promise<Response>) => withPanelUser("templates", handler);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    GET: withPanelUser<Params>("templates", async ({ user, params, req, url }) =>
      audioResponse(await getTemplateAudioOrThrow(user.tenantId, params.code, params.dil, url.searchParams.get("content_hash")), req.headers.get("range")),
    ),
    PUT: withPanelUser<Params>("templates", async ({ user, params, req, url }) =>
      json(
        await putTemplateAudio(
          user.tenantId,
          params.code,
          params.dil,
          { contentType: req.headers.get("content-type"), contentHash: url.searchParams.get("content_hash"), read: (limit) => readRawBytes(req, limit) },
          `panel:${user.id}`,
        ),
      ),
    ),
    DELETE: withPanelUser<Params>("templates", async ({ user, params, url }) => {
      await deleteTemplateAudio(user.tenantId, params.code, params.dil, url.searchParams.get("content_hash"));
      return new Response(null, { status: 204 });
    }),
  },
  audience,
);
