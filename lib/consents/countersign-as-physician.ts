// The panel's countersignature (decisions §19): the signed-in physician, after typing their password
// again (verify-step-up.ts), signs in their own name and with their own registration number as set on
// the team page, never with names the form sends. The one domain operation (countersign-consent.ts)
// decides the rest, exactly as for the API; its field names are mapped to the form's. Issue #51: the
// physician draws, types their name, or uses the signature saved in their account (read here from
// their own account, never taken from the form); the password is asked again every time.
import { z } from "zod";
import { AppError, parseOrThrow } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import type { ConsentStatus } from "@/lib/consents/consent-status";
import { countersignConsent } from "@/lib/consents/countersign-consent";
import type { PanelUser } from "@/lib/users/get-panel-user";
import { verifyStepUp } from "@/lib/users/verify-step-up";
import { savedSignatureForCountersign } from "@/lib/users/saved-signature";

const formSchema = z.object({
  password: z.string().max(256, "en fazla 256 karakter olmalı").default(""),
  informedAt: z.string({ error: "zorunlu" }).trim().max(40, "geçerli bir tarih ve saat değil"),
  method: z.enum(["drawn", "typed", "saved"]).default("drawn"),
  // The domain checks the PNG itself (at most 256 KiB, decoded); this only bounds what is read.
  signature: z.string().max(400_000, "imza görüntüsü çok büyük").nullish(),
  typedName: z.string().max(400, "en fazla 200 karakter olmalı").nullish(),
});

/** The API's names → the form's (the physician's name and number come from the team page). */
const FORM_FIELD: Record<string, string> = { bilgilendirme_zamani: "informedAt", imza: "signature", yazili_imza: "typedName", hekim_ad: "profile", hekim_tescil_no: "profile" };

/** A `datetime-local` value (`2026-11-26T14:05`, seconds optional) as the API's `YYYY-MM-DD HH:MM:SS`. */
export function informedAtText(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(value.trim());
  return m ? `${m[1]} ${m[2]}:${m[3]}:${m[4] ?? "00"}` : value.trim();
}

export interface CountersignOutcome {
  id: string;
  status: ConsentStatus;
  /** the completed document, signed for 24 hours; null while it is still being produced (it is, right after the countersignature: the completion runs off the request) */
  pdfUrl: string | null;
}

export async function countersignAsPhysician(user: PanelUser, consentId: string, input: unknown, origin: EventOrigin): Promise<CountersignOutcome> {
  if (!user.isPhysician) throw new AppError("forbidden", "Yalnızca hekim olarak işaretlenmiş kullanıcılar imzalayabilir.");
  const form = parseOrThrow(formSchema, input ?? {});
  if (form.method === "drawn" && !form.signature) throw new AppError("validation_failed", undefined, { signature: ["imza atılmadı"] });
  if (form.method === "typed" && !form.typedName?.trim()) throw new AppError("validation_failed", undefined, { typedName: ["adınızı yazın"] });
  await verifyStepUp(user.id, form.password, origin.ip, user.sessionId ?? null);
  try {
    const how =
      form.method === "typed" ? { yazili_imza: form.typedName } : { imza: form.method === "saved" ? await savedSignatureForCountersign(user) : form.signature };
    const c = await countersignConsent(
      user.tenantId,
      consentId,
      { hekim_ad: user.name ?? "", hekim_tescil_no: user.registrationNo, bilgilendirme_zamani: informedAtText(form.informedAt), ...how },
      origin,
      form.method === "saved",
    );
    return { id: c.id, status: c.status, pdfUrl: c.document?.pdf_url ?? null };
  } catch (err) {
    if (!(err instanceof AppError) || !err.errors) throw err;
    const errors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(err.errors)) (errors[FORM_FIELD[k] ?? k] ??= []).push(...v);
    throw new AppError(err.code, err.detail, errors, err.extra);
  }
}
