// Turkish mobile numbers in any common writing, normalized to E.164 (decisions §5).
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** E.164 (`+905321234567`) when text is a Turkish mobile number, else null. */
export function normalizeTurkishMobile(text: string): string | null {
  const cleaned = text.trim().replace(/^00/, "+");
  const p = parsePhoneNumberFromString(cleaned, "TR");
  if (!p || p.country !== "TR" || !p.isValid() || p.getType() !== "MOBILE") return null;
  return p.number;
}

/** `+90532*****67`: country code and operator prefix, the middle masked, last 2 digits visible. */
export function maskPhone(e164: string): string {
  const keep = e164.startsWith("+90") ? 6 : 4;
  return `${e164.slice(0, keep)}${"*".repeat(Math.max(0, e164.length - keep - 2))}${e164.slice(-2)}`;
}
