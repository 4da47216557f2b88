// Where a certificate's issuer publishes its status (RFC 5280 §4.2.2.1, §4.2.1.13): the OCSP
// responders named in its Authority Information Access and the CRLs of its CRL Distribution Points.
// Only http(s) addresses: an LDAP or file URL is not fetched.
import type { AccessDescription, CRLDistributionPoints, DistributionPoint, GeneralName, InfoAccess } from "pkijs";
import { certificateOf } from "@/lib/timestamping/tsa-asn1";

const AIA = "1.3.6.1.5.5.7.1.1";
const CRL_DP = "2.5.29.31";
const ID_AD_OCSP = "1.3.6.1.5.5.7.48.1";
/** GeneralName's uniformResourceIdentifier [6] */
const URI = 6;

const web = (names: GeneralName[] | undefined) =>
  (names ?? []).filter((n) => n.type === URI && typeof n.value === "string" && /^https?:\/\//i.test(n.value)).map((n) => n.value as string);

export function certificateUrls(der: Buffer): { ocsp: string[]; crl: string[] } {
  const out = { ocsp: [] as string[], crl: [] as string[] };
  for (const ext of certificateOf(der).extensions ?? []) {
    if (ext.extnID === AIA && ext.parsedValue) {
      const descriptions = (ext.parsedValue as InfoAccess).accessDescriptions as AccessDescription[];
      out.ocsp.push(...web(descriptions.filter((d) => d.accessMethod === ID_AD_OCSP).map((d) => d.accessLocation)));
    }
    if (ext.extnID === CRL_DP && ext.parsedValue) {
      for (const point of (ext.parsedValue as CRLDistributionPoints).distributionPoints as DistributionPoint[]) {
        if (Array.isArray(point.distributionPoint)) out.crl.push(...web(point.distributionPoint));
      }
    }
  }
  return out;
}
