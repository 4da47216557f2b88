// TSA_DRIVER=local: tokens from the built-in authority, checked exactly as a remote TSA's would be.
import { describeTimestamping } from "@/lib/timestamping/describe-timestamping";
import { buildTimeStampReq, randomNonce } from "@/lib/timestamping/build-request";
import { getLocalAuthority, type LocalAuthority } from "@/lib/timestamping/local-authority";
import { parseDigestHex } from "@/lib/timestamping/parse-digest";
import type { TsaDriver } from "@/lib/timestamping/tsa-types";
import { verifyTimeStampResp } from "@/lib/timestamping/verify-response";

export interface LocalDriverOptions {
  /** the authority to use; tests pass one built from createAuthorityMaterial() */
  authority?: () => Promise<LocalAuthority>;
  providerName?: string;
}

export function createLocalDriver(options: LocalDriverOptions = {}): TsaDriver {
  const authority = options.authority ?? getLocalAuthority;
  return {
    driver: "local",
    provider: "local",
    providerName: options.providerName ?? describeTimestamping().provider_name,
    legallyValid: false,
    async timestamp(sha256Hex) {
      const digest = parseDigestHex(sha256Hex);
      const nonce = randomNonce();
      const tsa = await authority();
      const der = await tsa.issue(buildTimeStampReq(digest, nonce));
      // Verified like any TSA's answer, so a regression in our own token encoding cannot go unnoticed.
      const { serial, genTime } = await verifyTimeStampResp(der, { digest, nonce, trustedRoots: tsa.rootPem() });
      return { der, serial, genTime };
    },
  };
}
