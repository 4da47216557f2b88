// The built-in authority over HTTP (RFC 3161 §3.4) and its certificate chain, for anyone who wants
// to timestamp against it or verify its tokens with their own tools.
import fs from "node:fs/promises";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { readRawBytes } from "@/lib/api/read-body";
import { authenticate } from "@/lib/api/authenticate";
import { getLocalAuthority } from "@/lib/timestamping/local-authority";
import type { Scope } from "@/lib/api-keys/scopes";

/** PEM served at /tsa/certificate.pem: the local chain, or the configured roots of an rfc3161 TSA. */
export async function tsaCertificatePem(): Promise<string> {
  const e = env();
  if (e.TSA_DRIVER === "local") return (await getLocalAuthority()).certificateChainPem();
  if (e.TSA_DRIVER === "rfc3161" && e.TSA_CA_FILE) return fs.readFile(/*turbopackIgnore: true*/ e.TSA_CA_FILE, "utf8");
  throw new AppError("not_found", "Bu sunucuda yayımlanan bir zaman damgası sertifikası yok.");
}

/** Who may have this server sign a time: a key that may write consents (decisions §3 names no scope of its own). */
const TSA_SCOPE: Scope = "onam:yaz";

/**
 * POST /tsa: a TimeStampReq in, a TimeStampResp out (local driver only). Every answer is a signature
 * of this server over whatever digest the caller sends, so it needs an API key with `onam:yaz`
 * (Basic, as /v1; as an RFC 3161 client's TSA_USERNAME/TSA_PASSWORD) unless TSA_PUBLIC=1 opens it
 * to anyone: a read-only key handed to a reporting tool is no signing oracle.
 */
export async function answerTimestampQuery(req: Request): Promise<Buffer> {
  const e = env();
  if (e.TSA_DRIVER !== "local") throw new AppError("not_found", "Yerleşik zaman damgası sunucusu kapalı.");
  if (!e.TSA_PUBLIC) {
    const key = await authenticate(req.headers.get("authorization"));
    if (!key.scopes.includes(TSA_SCOPE)) throw new AppError("forbidden_scope", `Bu işlem için '${TSA_SCOPE}' yetkisi gerekli.`);
  }
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/timestamp-query") throw new AppError("unsupported_media_type", "Gövde application/timestamp-query olmalı.");
  return (await getLocalAuthority()).issue(await readRawBytes(req));
}
