// issue #51, decisions §18: the consent object's `withdrawal_receipt`, beside `document`, and the verify
// answer's `kind`: which of a consent's records a digest matched (response-shapes.ts).
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

/** POST /v1/verify, POST /api/public/verify: which record of the consent the digest matched. */
export const verifyMatchKind = z
  .enum(["document", "withdrawal_receipt"])
  .nullable()
  .meta({
    description:
      "Which record of the consent matched: `document` (the consent's document, or an earlier copy of it) or `withdrawal_receipt` (its sealed Geri Çekme Tutanağı, decisions §18: `status`, `signed_at`, `institution` and `timestamp` are the consent's, `seal` and `signatures` the receipt's); null when match is false.",
  });
