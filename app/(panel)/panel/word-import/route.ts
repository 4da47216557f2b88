// POST /panel/word-import — a Word form (.docx, at most 5 MB, the body itself; its file name in ?name=)
// converted to a template body for the editor (issue #52; admin and owner). A route rather than a
// server action, so that no action's body needs more than the template form's.
import { json, methods } from "@/lib/api/handler";
import { withPanelUser } from "@/lib/api/panel-policy";
import { readRawBytes } from "@/lib/api/read-body";
import { importDocx, MAX_DOCX_BYTES } from "@/lib/templates/import-docx";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: withPanelUser("templates", async ({ req, url }) =>
      json(await importDocx({ name: url.searchParams.get("name") ?? "", type: req.headers.get("content-type") ?? "", bytes: await readRawBytes(req, MAX_DOCX_BYTES) })),
    ),
  },
  (handler: () => Promise<Response>) => withPanelUser("templates", handler),
);
