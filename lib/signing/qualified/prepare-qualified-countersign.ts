// POST /v1/consents/{id}/countersign/prepare (decisions §24): the first of the two steps of a
// physician's qualified countersignature. The final document is rendered now — the physician's block
// reads "Nitelikli elektronik imza ile imzalanmıştır" with the certificate's subject and serial — with
// the physician's PAdES signature field reserved (before the institution's seal, which comes after the
// signature), its byte range fixed and hashed, and the CMS signed attributes over it answered for the
// physician's card (or any e-imza library) to sign. Kept 10 minutes, used once; nothing about the
// consent changes until the signature value comes back (finish-qualified-countersign.ts).
import { createHash } from "node:crypto";
import { countersignBasis } from "@/lib/db/consent-reads";
import { insertQualifiedPrepare } from "@/lib/db/qualified-prepares";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { encrypt } from "@/lib/encryption";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { formatDateTime } from "@/lib/time";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { notOpen } from "@/lib/consents/cancel-consent";
import { checkInformedAt } from "@/lib/consents/countersign-consent";
import { summarizeCertificate } from "@/lib/consents/countersign-certificate";
import { encryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { MAX_CHAIN_CERTIFICATES, parseCertificate, QualifiedCertificateError } from "@/lib/sealing/check-qualified-certificate";
import { fixByteRange, keyTypeOf, qualifiedSignatureReserve } from "@/lib/sealing/qualified-signature";
import { renderPreparedConsentPdf } from "@/lib/completion/consent-pdf";

/** decisions §24: a prepared countersignature is valid this long. */
export const PREPARE_VALIDITY_MS = 10 * 60_000;

export interface QualifiedCountersignInput {
  hekimAd: string;
  hekimTescilNo?: string | null;
  bilgilendirmeZamani: Date;
  /** the physician's certificate (DER) */
  certificateDer: Buffer;
  /** its issuers (DER), as the card or the provider hands them; the anchor may be among them */
  chainDer: Buffer[];
}

export interface PreparedQualifiedCountersign {
  prepareId: string;
  /** DER of the CMS SignedAttributes (a SET): what the card signs */
  signedAttributes: Buffer;
  /** hex SHA-256 of signedAttributes: what a card that signs a digest signs, and what the agent shows */
  toBeSignedSha256: string;
  expiresAt: Date;
}

const refuseCertificate = (message: string) => new AppError("validation_failed", undefined, { sertifika: [message] });

/** The certificate and its chain, parsed; each refusal names `sertifika` (or `zincir`). */
function certificatesOf(input: QualifiedCountersignInput): Buffer[] {
  try {
    parseCertificate(input.certificateDer);
    keyTypeOf(input.certificateDer);
  } catch (err) {
    throw refuseCertificate(err instanceof QualifiedCertificateError || err instanceof Error ? err.message : "okunamadı");
  }
  if (input.chainDer.length > MAX_CHAIN_CERTIFICATES) throw new AppError("validation_failed", undefined, { zincir: [`en çok ${MAX_CHAIN_CERTIFICATES} sertifika`] });
  input.chainDer.forEach((der, i) => {
    try {
      parseCertificate(der);
    } catch {
      throw new AppError("validation_failed", undefined, { [`zincir.${i}`]: ["bir X.509 sertifikası (DER) değil"] });
    }
  });
  // The certificate itself, sent again in the chain, is not carried twice.
  return [input.certificateDer, ...input.chainDer.filter((d) => !d.equals(input.certificateDer))];
}

export async function prepareQualifiedCountersign(tenantId: string, consentId: string, input: QualifiedCountersignInput, actor: EventOrigin): Promise<PreparedQualifiedCountersign> {
  void actor; // who prepares is recorded when the signature comes (hekim_imzaladi), not before
  const row = await countersignBasis(tenantId, consentId);
  if (!row) throw new AppError("not_found", "Onam bulunamadı.");
  const rule = "yalnızca hekim onayı bekleyen (signed) bir onam imzalanabilir";
  if (row.status !== "signed" || row.purgedAt) throw await notOpen(tenantId, consentId, "hekim imzası", rule);
  if (row.physicianSignatureType !== "nitelikli") {
    throw new AppError("invalid_state", "Bu onamda hekim imzası çizimle atılır (hekim_imza_turu: cizim); nitelikli imza hazırlanamaz.");
  }
  const at = now();
  const informed = checkInformedAt(input.bilgilendirmeZamani, row, at);
  const chain = certificatesOf(input);
  const certificate = summarizeCertificate(input.certificateDer);
  const tz = env().APP_TIMEZONE;
  const rendered = await renderPreparedConsentPdf(
    consentId,
    {
      name: input.hekimAd,
      registrationNo: input.hekimTescilNo || null,
      informedAt: formatDateTime(informed, tz),
      signedAt: formatDateTime(at, tz),
      signaturePng: null,
      qualified: { subject: certificate.subject, serial: certificate.serial },
    },
    {
      signerName: input.hekimAd,
      reason: "Aydınlatılmış onam: bilgilendiren hekimin imzası",
      location: "Türkiye",
      signingTime: at,
      certificates: chain,
      contentsBytes: qualifiedSignatureReserve(chain),
    },
    at,
  );
  if (!rendered) throw await notOpen(tenantId, consentId, "hekim imzası", rule);
  const { pdf, signedAttributes } = await fixByteRange(rendered, input.certificateDer);
  const prepareId = newId("qp");
  const expiresAt = new Date(at.getTime() + PREPARE_VALIDITY_MS);
  await insertQualifiedPrepare({
    id: prepareId,
    tenantId,
    consentId,
    createdAt: at,
    expiresAt,
    physicianName: encrypt(input.hekimAd),
    registrationNo: input.hekimTescilNo ? encrypt(input.hekimTescilNo) : null,
    informedAt: informed,
    certificate: input.certificateDer,
    chain: chain.slice(1).map((d) => d.toString("base64")).join(" "),
    signedAttributes,
    pdf: encryptFieldBytes(pdf),
  });
  return { prepareId, signedAttributes, toBeSignedSha256: createHash("sha256").update(signedAttributes).digest("hex"), expiresAt };
}
