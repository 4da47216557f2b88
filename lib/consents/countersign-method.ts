// How the informing physician's countersignature was given (decisions §19, §24, issue #51): the
// evidence's `imza_turu` and the consent object's `physician_countersign.signature_type`.

/** `cizim` drawn for this consent, `yazili` the name typed, `kayitli` the physician's saved signature, `nitelikli` a qualified certificate. */
export type CountersignMethod = "cizim" | "yazili" | "kayitli" | "nitelikli";

const SIGNATURE_TYPE = { cizim: "drawn", yazili: "typed", kayitli: "saved", nitelikli: "qualified" } as const;

export type SignatureType = (typeof SIGNATURE_TYPE)[CountersignMethod];

/** The API's word for a method (an unknown one, as older rows never hold: drawn). */
export function signatureType(method: string): SignatureType {
  return Object.hasOwn(SIGNATURE_TYPE, method) ? SIGNATURE_TYPE[method as CountersignMethod] : "drawn";
}
