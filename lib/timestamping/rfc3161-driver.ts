// TSA_DRIVER=rfc3161: timestamps from an external TSA over HTTP (RFC 3161 §3.4), verified before they are kept.
import { buildTimeStampReq, randomNonce } from "@/lib/timestamping/build-request";
import { parseDigestHex } from "@/lib/timestamping/parse-digest";
import { TimestampError, type TsaDriver } from "@/lib/timestamping/tsa-types";
import { verifyTimeStampResp } from "@/lib/timestamping/verify-response";

export interface Rfc3161DriverOptions {
  url: string;
  username?: string;
  password?: string;
  provider: string;
  providerName: string;
  legallyValid: boolean;
  /** PEM bundle of the roots the TSA's certificate must chain to; null: the chain is not checked */
  trustedRoots: string | null;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /**
   * Headers computed from the request body, added to each POST. This is where a TSA with its own
   * authentication plugs in without a driver of its own: Kamu SM's authenticated service, for one,
   * wants an `identity` header derived from the customer id, the password and the request. Not
   * implemented here.
   */
  extraHeaders?: (body: Buffer) => Promise<Record<string, string>>;
}

const DEFAULT_TIMEOUT_MS = 15_000;

function errorCode(err: unknown): string | undefined {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

async function post(options: Rfc3161DriverOptions, body: Buffer): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers: Record<string, string> = {
    ...(options.extraHeaders ? await options.extraHeaders(body) : {}),
    "Content-Type": "application/timestamp-query",
    Accept: "application/timestamp-reply",
  };
  if (options.username) {
    headers.Authorization = `Basic ${Buffer.from(`${options.username}:${options.password ?? ""}`).toString("base64")}`;
  }
  const host = new URL(options.url).host;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await (options.fetchImpl ?? fetch)(options.url, {
      method: "POST",
      headers,
      body: new Uint8Array(body),
      // A redirect could carry the credentials somewhere else; a TSA has no reason to send one.
      redirect: "error",
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new TimestampError(`Zaman damgası sunucusu (${host}) HTTP ${response.status} ile yanıt verdi.`, "transport");
    }
    return Buffer.from(await response.arrayBuffer());
  } catch (err) {
    if (err instanceof TimestampError) throw err;
    if (signal.aborted) {
      throw new TimestampError(`Zaman damgası sunucusu (${host}) ${Math.ceil(timeoutMs / 1000)} saniye içinde yanıt vermedi.`, "transport");
    }
    const code = errorCode(err);
    throw new TimestampError(`Zaman damgası sunucusuna (${host}) bağlanılamadı${code ? ` (${code})` : ""}.`, "transport");
  }
}

export function createRfc3161Driver(options: Rfc3161DriverOptions): TsaDriver {
  return {
    driver: "rfc3161",
    provider: options.provider,
    providerName: options.providerName,
    legallyValid: options.legallyValid,
    async timestamp(sha256Hex) {
      const digest = parseDigestHex(sha256Hex);
      const nonce = randomNonce();
      const der = await post(options, buildTimeStampReq(digest, nonce));
      const { serial, genTime, signerDer } = await verifyTimeStampResp(der, { digest, nonce, trustedRoots: options.trustedRoots });
      return { der, serial, genTime, signerCertificate: signerDer };
    },
  };
}
