// decisions §23: the institution's letterhead at the top of a consent's (or a refusal's) first page,
// under the running header that names it: its logo on the left, its address, phone and privacy-notice
// link on the right. In Turkish, like the footer: it is the institution's own heading, not the text.
// The logo is an opaque PNG made at upload (lib/branding/check-logo.ts): no transparency for PDF/A-3
// to worry about, no SVG for the renderer to interpret.
import { Image, Link, Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { Value } from "./bilingual";
import type { DocumentBranding } from "./document-types";
import { COLORS } from "./pdf-theme";
import { pdfTag } from "./pdf-tags";

/** The logo's box at most, in points: 48 pt (17 mm) high, a third of the text width wide. */
const LOGO_BOX = { width: 170, height: 48 };

export function logoSize(logo: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
  return { width: logo.width * scale, height: logo.height * scale };
}

export function Letterhead({ branding }: { branding: DocumentBranding }): ReactElement {
  const { logo, address, phone, privacyUrl } = branding;
  const details = address || phone || privacyUrl;
  return (
    <View style={{ flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginTop: -6, marginBottom: 10 }}>
      {logo ? <Image {...pdfTag("Figure", { alt: "Kurum logosu" })} src={logo.png} cache={false} style={{ ...logoSize(logo), marginRight: 16 }} /> : <View />}
      {details ? (
        <View style={{ flexShrink: 1, maxWidth: logo ? "60%" : "100%", alignItems: "flex-end", fontSize: 8, color: COLORS.muted, lineHeight: 1.35 }}>
          {address ? (
            <Value style={{ textAlign: "right" }} align="natural">
              {address}
            </Value>
          ) : null}
          {phone ? <Text style={{ textAlign: "right" }}>Tel: {phone}</Text> : null}
          {privacyUrl ? (
            <Text style={{ textAlign: "right" }}>
              KVKK Aydınlatma Metni:{" "}
              <Link src={privacyUrl} style={{ color: COLORS.accent, textDecoration: "none" }}>
                {privacyUrl}
              </Link>
            </Text>
          ) : null}
        </View>
      ) : null}
    </View>
  );
}
