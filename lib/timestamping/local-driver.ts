// TSA_DRIVER=local: tokens from the built-in authority in this process. Its answer is not parsed and
// verified again as a remote TSA's is (that cost ~10 ms a consent, more than issuing it): the tests
// verify its tokens with verifyTimeStampResp and with `openssl ts -verify`.
import { describeTimestamping } from "@/lib/timestamping/describe-timestamping";
import { buildTimeStampReq, randomNonce } from "@/lib/timestamping/build-request";
import { getLocalAuthority, type LocalAuthority } from "@/lib/timestamping/local-authority";
import { parseDigestHex } from "@/lib/timestamping/parse-digest";
import { TimestampError, type TsaDriver } from "@/lib/timestamping/tsa-types";

interface LocalDriverOptions {
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
      const { der, token } = tsa.stamp(buildTimeStampReq(digest, nonce));
      if (!token) throw new TimestampError("Yerel zaman damgası makamı isteği reddetti.", "status");
      return { der, serial: token.serial, genTime: token.genTime, signerCertificate: tsa.signerCertDer };
    },
  };
}
