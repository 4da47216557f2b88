// The panel's second step of a qualified countersignature (issue #48, decisions §24): the card's value
// over the prepared signed attributes; the same checks and completion as POST …/countersign.
import { z } from "zod";
import { AppError, parseOrThrow } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import type { CountersignOutcome } from "@/lib/consents/countersign-as-physician";
import type { PanelUser } from "@/lib/users/get-panel-user";
import { countersignRequest } from "@/lib/signing/qualified/countersign-request";
import { withPanelFields } from "@/lib/signing/qualified/panel-field-errors";

const formSchema = z.object({
  prepareId: z.string({ error: "zorunlu" }).min(1, "zorunlu").max(64),
  signature: z.string({ error: "zorunlu" }).min(1, "zorunlu").max(2048),
});

export async function finishQualifiedAsPhysician(user: PanelUser, consentId: string, input: unknown, origin: EventOrigin): Promise<CountersignOutcome> {
  if (!user.isPhysician) throw new AppError("forbidden", "Yalnızca hekim olarak işaretlenmiş kullanıcılar imzalayabilir.");
  const form = parseOrThrow(formSchema, input ?? {});
  const c = await withPanelFields(() => countersignRequest(user.tenantId, consentId, { prepare_id: form.prepareId, imza_degeri: form.signature }, origin));
  return { id: c.id, status: c.status, pdfUrl: c.document?.pdf_url ?? null };
}
