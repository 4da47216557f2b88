// The panel's remote qualified countersignature, second step (issue #48 part 3), all on the server:
// the prepared signed attributes (read from the prepare, tenant- and consent-scoped, never from the
// browser) go to the CSC service — credentials/authorize with the physician's PIN/OTP for exactly
// their hash, signatures/signHash — and the value to the same finish as the card's. The PIN and OTP
// pass through this request only: never stored, never logged.
import { z } from "zod";
import { now } from "@/lib/clock";
import { openQualifiedPrepare } from "@/lib/db/qualified-prepares";
import { AppError, parseOrThrow } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import type { CountersignOutcome } from "@/lib/consents/countersign-as-physician";
import type { PanelUser } from "@/lib/users/get-panel-user";
import { cscSettingsOrThrow } from "@/lib/remote-signing/csc-settings";
import { signWithCsc } from "@/lib/remote-signing/sign-with-csc";
import { finishQualifiedAsPhysician } from "@/lib/signing/qualified/finish-as-physician";
import { withPanelFields } from "@/lib/signing/qualified/panel-field-errors";
import { credentialIdSchema } from "@/lib/signing/qualified/prepare-with-csc";

const formSchema = z.object({
  prepareId: z.string({ error: "zorunlu" }).min(1, "zorunlu").max(64),
  credentialId: credentialIdSchema,
  pin: z.string().max(64, "en fazla 64 karakter").optional(),
  otp: z.string().max(64, "en fazla 64 karakter").optional(),
});

export async function signWithCscAsPhysician(user: PanelUser, consentId: string, input: unknown, origin: EventOrigin): Promise<CountersignOutcome> {
  if (!user.isPhysician) throw new AppError("forbidden", "Yalnızca hekim olarak işaretlenmiş kullanıcılar imzalayabilir.");
  const form = parseOrThrow(formSchema, input ?? {});
  const settings = cscSettingsOrThrow();
  const prepared = await openQualifiedPrepare(user.tenantId, consentId, form.prepareId, now());
  if (!prepared) throw new AppError("invalid_state", "İmza hazırlığı bulunamadı, kullanılmış ya da süresi dolmuş (10 dakika): yeniden imzalayın.");
  const signed = await withPanelFields(() =>
    signWithCsc(settings, {
      credentialId: form.credentialId,
      signedAttributes: Buffer.from(prepared.signedAttributes),
      pin: form.pin || undefined,
      otp: form.otp || undefined,
      certificate: Buffer.from(prepared.certificate).toString("base64"),
    }),
  );
  return finishQualifiedAsPhysician(user, consentId, { prepareId: form.prepareId, signature: signed.signature }, origin);
}
