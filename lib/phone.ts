// Phone numbers in any common writing, normalized to E.164 (decisions §5): the person's Turkish mobile
// here, the institution's number in lib/branding/branding-fields.ts.
import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/max";

/** A number as people write it (`0532 …`, `00 90 …`, `+49 …`), Turkey's when it names no country. */
export function parsePhone(text: string): PhoneNumber | undefined {
  return parsePhoneNumberFromString(text.trim().replace(/^00/, "+"), "TR");
}

/** E.164 (`+905321234567`) when text is a Turkish mobile number, else null. */
export function normalizeTurkishMobile(text: string): string | null {
  const p = parsePhone(text);
  if (!p || p.country !== "TR" || !p.isValid() || p.getType() !== "MOBILE") return null;
  return p.number;
}

/** `+90532*****67`: country code and operator prefix, the middle masked, last 2 digits visible. */
export function maskPhone(e164: string): string {
  const keep = e164.startsWith("+90") ? 6 : 4;
  return `${e164.slice(0, keep)}${"*".repeat(Math.max(0, e164.length - keep - 2))}${e164.slice(-2)}`;
}
