// The panel's words for the institution's branding (decisions §23, issue #42), in English.
import type { BrandingMessages } from "./branding-tr";

export const brandingEn: BrandingMessages = {
  title: "Institution details and logo",
  intro:
    "Shown on the patient's signing page and on the first page of the consent document (PDF). On a closed link the patient can call the institution at this number.",
  logo: "Logo",
  logoHint: "PNG or SVG, at most 200 KB. Scripts, event attributes and external references in an SVG are removed for safety. The PDF prints it on white.",
  noLogo: "No logo",
  current: "Current logo",
  choose: "Logo file",
  upload: "Upload logo",
  remove: "Remove logo",
  removeConfirm: "Remove the logo? Documents and pages made from now on will not show it.",
  uploaded: "Logo saved.",
  sanitized: (names: string) => `Removed from the SVG for safety: ${names}.`,
  removed: "Logo removed.",
  address: "Address",
  addressHint: "At most 300 characters.",
  phone: "Phone",
  phoneHint: "E.g. 0212 555 12 34 or 444 0 123. The number patients call.",
  privacyUrl: "Privacy notice (KVKK aydınlatma metni) address",
  privacyUrlHint: "A full address starting with https://.",
  smsSender: "SMS sender name (header)",
  smsSenderHint:
    "3–11 characters: letters (no Turkish letters), digits, space, dot, hyphen. It must be approved for this service's account at the SMS provider; left empty, the service's default sender name is used.",
  save: "Save details",
  saved: "Institution details saved.",
  errors: {
    noFile: "Choose a logo file first.",
    tooLarge: "The file is larger than 200 KB; upload a smaller logo.",
    type: "The logo must be a PNG or an SVG.",
    session: "Your session has ended; reload the page and sign in again.",
    network: "The connection dropped; nothing was saved. Try again.",
    other: "Could not be saved; try again shortly.",
  },
};
