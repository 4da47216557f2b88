// The local driver end to end, without a database: request, in-process authority, verification.
import { createHash } from "node:crypto";
import { TimeStampReq } from "pkijs";
import { describe, expect, it } from "vitest";
import { createAuthorityMaterial } from "@/lib/timestamping/authority-material";
import { createLocalAuthority } from "@/lib/timestamping/local-authority";
import { createLocalDriver } from "@/lib/timestamping/local-driver";
import { derSource, integerMagnitude } from "@/lib/timestamping/tsa-asn1";
import { verifyTimeStampResp } from "@/lib/timestamping/verify-response";

describe("local driver", () => {
  const authority = createLocalAuthority(createAuthorityMaterial());
  let lastRequest: Buffer | undefined;
  const watched = { ...authority, stamp: (req: Buffer) => ((lastRequest = req), authority.stamp(req)) };
  const driver = createLocalDriver({ authority: async () => watched, providerName: "Yerel" });

  it("describes itself as the local, not legally valid, driver", () => {
    expect(driver).toMatchObject({ driver: "local", provider: "local", providerName: "Yerel", legallyValid: false });
  });

  it("returns a token over the given digest that verifies as a remote TSA's would, serial and time as reported", async () => {
    const hex = createHash("sha256").update("belge").digest("hex");
    const result = await driver.timestamp(hex);
    expect(result.serial).toMatch(/^[0-9a-f]{32}$/);
    expect(Math.abs(result.genTime.getTime() - Date.now())).toBeLessThan(2000);
    const nonce = integerMagnitude(TimeStampReq.fromBER(derSource(lastRequest!)).nonce!);
    const verified = await verifyTimeStampResp(result.der, { digest: Buffer.from(hex, "hex"), nonce, trustedRoots: authority.rootPem() });
    expect(verified).toMatchObject({ serial: result.serial, genTime: result.genTime });
    // Another digest does not match the stored token: the imprint really is the document's.
    const err = await verifyTimeStampResp(result.der, {
      digest: createHash("sha256").update("başka").digest(),
      nonce: Buffer.alloc(8),
      trustedRoots: authority.rootPem(),
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: "imprint" });
  });

  it("refuses a digest that is not 64 hex characters", async () => {
    await expect(driver.timestamp("abc")).rejects.toThrow(/64 hex/);
  });
});
