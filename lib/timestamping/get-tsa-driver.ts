// The configured timestamping driver (TSA_DRIVER, decisions §9), built once per process.
import fs from "node:fs/promises";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { describeTimestamping } from "@/lib/timestamping/describe-timestamping";
import { createLocalDriver } from "@/lib/timestamping/local-driver";
import { parseCertificate } from "@/lib/timestamping/parsed-certificate";
import { pemCertificates } from "@/lib/timestamping/pem";
import { createRfc3161Driver } from "@/lib/timestamping/rfc3161-driver";
import type { TsaDriver } from "@/lib/timestamping/tsa-types";

let cached: Promise<TsaDriver | null> | undefined;

/**
 * Reads and checks TSA_CA_FILE. Unset (decisions §9 does not require it), tokens are still checked
 * for imprint, nonce, signature and signer certificate, but not chained to a root: a warning says so.
 */
async function readTrustedRoots(file: string | undefined): Promise<string | null> {
  if (!file) {
    logger().warn("TSA_CA_FILE is not set: the TSA's certificate chain is not checked; set it to the PEM roots for production");
    return null;
  }
  let bundle: string;
  try {
    bundle = await fs.readFile(/*turbopackIgnore: true*/ file, "utf8");
  } catch (err) {
    throw new Error(`Invalid settings: TSA_CA_FILE (${file}) cannot be read: ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
  const ders = pemCertificates(bundle);
  if (ders.length === 0) throw new Error(`Invalid settings: TSA_CA_FILE (${file}) holds no PEM certificate`);
  try {
    for (const der of ders) parseCertificate(der);
  } catch {
    throw new Error(`Invalid settings: TSA_CA_FILE (${file}) holds a certificate that cannot be parsed`);
  }
  return bundle;
}

async function createDriver(): Promise<TsaDriver | null> {
  const e = env();
  switch (e.TSA_DRIVER) {
    case "none":
      return null;
    case "local":
      return createLocalDriver();
    case "rfc3161": {
      if (!e.TSA_URL) throw new Error("Invalid settings: TSA_DRIVER=rfc3161 needs TSA_URL");
      const info = describeTimestamping();
      return createRfc3161Driver({
        url: e.TSA_URL,
        username: e.TSA_USERNAME,
        password: e.TSA_PASSWORD,
        provider: info.provider,
        providerName: info.provider_name,
        legallyValid: info.legally_valid,
        trustedRoots: await readTrustedRoots(e.TSA_CA_FILE),
        timeoutMs: e.TSA_TIMEOUT,
      });
    }
  }
}

/** null when timestamping is off (TSA_DRIVER=none). A configuration error is not cached: fixing the file is enough. */
export function getTsaDriver(): Promise<TsaDriver | null> {
  cached ??= createDriver().catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}
