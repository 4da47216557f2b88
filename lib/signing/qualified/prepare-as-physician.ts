// The panel's first step of a qualified countersignature (issue #48, decisions §24): the signed-in
// physician prepares in their own name and registration number (team page), never names the browser
// sends; the certificate is the one their card (through the e-onam-imza agent) or the institution's
// remote signing service holds. The same operation as POST /v1/consents/{id}/countersign/prepare.
import { z } from "zod";
import { AppError, parseOrThrow } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { informedAtText } from "@/lib/consents/countersign-as-physician";
import type { PanelUser } from "@/lib/users/get-panel-user";
import { prepareCountersignRequest } from "@/lib/signing/qualified/countersign-request";
import { withPanelFields } from "@/lib/signing/qualified/panel-field-errors";
import type { PreparedAnswer } from "@/lib/signing/qualified/qualified-countersign-schemas";

// The API's schema bounds the certificate and its chain; this only bounds what is read.
const formSchema = z.object({
  informedAt: z.string({ error: "zorunlu" }).trim().max(40, "geçerli bir tarih ve saat değil"),
  certificate: z.string({ error: "sertifika seçilmedi" }).min(1, "sertifika seçilmedi").max(32_768, "sertifika çok büyük"),
  chain: z.array(z.string().max(32_768, "sertifika çok büyük")).max(8, "en fazla 8 sertifika").default([]),
});

export async function prepareQualifiedAsPhysician(user: PanelUser, consentId: string, input: unknown, origin: EventOrigin): Promise<PreparedAnswer> {
  if (!user.isPhysician) throw new AppError("forbidden", "Yalnızca hekim olarak işaretlenmiş kullanıcılar imzalayabilir.");
  const form = parseOrThrow(formSchema, input ?? {});
  return withPanelFields(() =>
    prepareCountersignRequest(
      user.tenantId,
      consentId,
      { hekim_ad: user.name ?? "", hekim_tescil_no: user.registrationNo, bilgilendirme_zamani: informedAtText(form.informedAt), sertifika: form.certificate, zincir: form.chain },
      origin,
    ),
  );
}
