// Unit tests of the webhook target rules: address classification and URL checks (no network).
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { checkWebhookUrl, isPrivateAddress, type LookupAll } from "@/lib/webhooks/webhook-url";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "100.127.255.255",
    "169.254.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "::",
    "::1",
    "fc00::1",
    "fd12:3456::1",
    "fd00:ec2::254",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::FFFF:10.1.2.3",
    "::ffff:169.254.169.254",
    "::ffff:192.168.0.1",
    "::127.0.0.1",
    "64:ff9b::10.0.0.1",
    "2002:c0a8:0101::1",
    "64:ff9b:1::1", // NAT64 local-use 64:ff9b:1::/48 (RFC 8215)
    "64:ff9b:1:ffff:ffff:ffff:ffff:ffff",
    "64:ff9b:1::808:808",
    "2001::1", // Teredo 2001::/32 (RFC 4380)
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:0:ffff:ffff:ffff:ffff:ffff:ffff",
    "[::1]",
    "not an ip",
    "1.2.3",
    "1::2::3",
  ])("refuses %s", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.1.1",
    "192.169.0.1",
    "11.0.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:0808:0808::1",
    "64:ff9b:2::808:808", // just past the local-use /48
    "2001:1::1", // just past Teredo's /32
    "2001:4860:4860::8888",
    "fe00::1",
  ])("allows %s", (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe("checkWebhookUrl", () => {
  const resolvesTo =
    (...addresses: string[]): LookupAll =>
    async () =>
      addresses.map((address) => ({ address }));
  const failing: LookupAll = async () => {
    throw new Error("ENOTFOUND");
  };

  async function errorOf(p: Promise<void>): Promise<AppError> {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    const appErr = err as AppError;
    expect(appErr.code).toBe("validation_failed");
    expect(appErr.errors?.url?.[0]).toBe(appErr.detail);
    return appErr;
  }

  it("accepts a public https URL", async () => {
    await expect(
      checkWebhookUrl("https://hooks.example.com/x", { allowPrivate: false, lookup: resolvesTo("93.184.216.34") }),
    ).resolves.toBeUndefined();
  });

  it("refuses http, other schemes and garbage", async () => {
    const lookup = resolvesTo("93.184.216.34");
    expect((await errorOf(checkWebhookUrl("http://example.com/", { allowPrivate: false, lookup }))).detail).toMatch(/https/);
    await errorOf(checkWebhookUrl("ftp://example.com/", { allowPrivate: false, lookup }));
    await errorOf(checkWebhookUrl("not a url", { allowPrivate: false, lookup }));
  });

  it("refuses a host with any private address, an IP literal, or no resolution", async () => {
    await errorOf(checkWebhookUrl("https://a.example/", { allowPrivate: false, lookup: resolvesTo("8.8.8.8", "10.0.0.1") }));
    await errorOf(checkWebhookUrl("https://127.0.0.1/", { allowPrivate: false, lookup: failing }));
    await errorOf(checkWebhookUrl("https://[::ffff:127.0.0.1]/", { allowPrivate: false, lookup: failing }));
    await errorOf(checkWebhookUrl("https://2130706433/", { allowPrivate: false, lookup: failing }));
    await errorOf(checkWebhookUrl("https://169.254.169.254/latest", { allowPrivate: false, lookup: failing }));
    expect((await errorOf(checkWebhookUrl("https://nx.example/", { allowPrivate: false, lookup: failing }))).detail).toMatch(
      /çözümlenemedi/,
    );
  });

  it("allows http and private targets with allowPrivate, without resolving", async () => {
    await expect(checkWebhookUrl("http://127.0.0.1:9/hook", { allowPrivate: true, lookup: failing })).resolves.toBeUndefined();
    await expect(checkWebhookUrl("https://localhost/hook", { allowPrivate: true, lookup: failing })).resolves.toBeUndefined();
    await errorOf(checkWebhookUrl("ftp://127.0.0.1/", { allowPrivate: true, lookup: failing }));
  });
});
