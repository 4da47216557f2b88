// issue #51, decisions §18: the consent object's `withdrawal_receipt`, beside `document` (response-shapes.ts).
import { z } from "zod";

export const withdrawalReceiptShape = z
  .object({
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: "SHA-256 of the exact PDF bytes served at pdf_url: the sealed receipt (PAdES, time-stamped like the document)" }),
    pdf_url: z.string().meta({ format: "uri" }).nullable().meta({ description: "signed download link, valid 24 hours; null once purged" }),
  })
  .nullable()
  .meta({
    description:
      'The sealed withdrawal receipt ("Geri Çekme Tutanağı": institution, consent, template and version, the person, the signing and withdrawal times, who withdrew, the reason, the original document\'s SHA-256, the verify URL), produced shortly after the withdrawal (event geri_alma_tutanagi, data.sha256); null until then and for a consent never withdrawn. The original document stays byte-identical.',
  });
