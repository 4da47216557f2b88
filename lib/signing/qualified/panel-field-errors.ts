// The panel's qualified countersignature (issue #48) speaks the API's field names underneath
// (decisions §24); the form names its own. One table, so that every refusal still names its field.
import { AppError } from "@/lib/errors";

const FORM_FIELD: Record<string, string> = {
  bilgilendirme_zamani: "informedAt",
  hekim_ad: "profile",
  hekim_tescil_no: "profile",
  sertifika: "certificate",
  zincir: "certificate",
  imza_degeri: "signature",
  prepare_id: "prepare",
  credential_id: "credential",
  pin: "pin",
  otp: "otp",
};

/** Runs `op`; an AppError's field errors come back under the form's names (`zincir.0` → certificate). */
export async function withPanelFields<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (!(err instanceof AppError) || !err.errors) throw err;
    const errors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(err.errors)) (errors[FORM_FIELD[k.split(".")[0]!] ?? k] ??= []).push(...v);
    throw new AppError(err.code, err.detail, errors, err.extra);
  }
}
