// The panel's remote qualified countersignature, first step (issue #48 part 3): the physician chose
// a credential of the institution's CSC v2 service; its certificate and chain are read from the
// service here (credentials/info), not taken from the browser, and the consent is prepared with them.
import { z } from "zod";
import { AppError, parseOrThrow } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import type { PanelUser } from "@/lib/users/get-panel-user";
import { readCscCredential } from "@/lib/remote-signing/csc-credential";
import { cscSettingsOrThrow } from "@/lib/remote-signing/csc-settings";
import { getCscCredentialInfo } from "@/lib/remote-signing/list-csc-credentials";
import { prepareQualifiedAsPhysician } from "@/lib/signing/qualified/prepare-as-physician";
import { withPanelFields } from "@/lib/signing/qualified/panel-field-errors";
import type { PreparedAnswer } from "@/lib/signing/qualified/qualified-countersign-schemas";

export const credentialIdSchema = z.string({ error: "kimlik bilgisi seçilmedi" }).trim().min(1, "kimlik bilgisi seçilmedi").max(256);

const formSchema = z.object({ informedAt: z.string().max(40), credentialId: credentialIdSchema });

export async function prepareWithCsc(user: PanelUser, consentId: string, input: unknown, origin: EventOrigin): Promise<PreparedAnswer> {
  if (!user.isPhysician) throw new AppError("forbidden", "Yalnızca hekim olarak işaretlenmiş kullanıcılar imzalayabilir.");
  const form = parseOrThrow(formSchema, input ?? {});
  const settings = cscSettingsOrThrow();
  const credential = await withPanelFields(async () => readCscCredential(form.credentialId, await getCscCredentialInfo(settings, form.credentialId)));
  return prepareQualifiedAsPhysician(user, consentId, { informedAt: form.informedAt, certificate: credential.certificate, chain: credential.chain }, origin);
}
