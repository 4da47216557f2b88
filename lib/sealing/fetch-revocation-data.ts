// One HTTP exchange with an OCSP responder (RFC 6960 Appendix A: POST application/ocsp-request) or a
// CRL's distribution point (GET): bounded in time and size, never retried here — a responder that
// does not answer leaves the certificate without data this time (a lower level, said in the log), and
// the next seal asks again.
const OCSP_LIMIT = 256 * 1024;
const CRL_LIMIT = 16 * 1024 * 1024;
const REVOCATION_TIMEOUT_MS = 5_000;

async function body(res: Response, limit: number, url: string): Promise<Buffer> {
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > limit) throw new Error(`${url} sent ${declared} bytes, more than ${limit}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > limit) throw new Error(`${url} sent more than ${limit} bytes`);
  return bytes;
}

export async function postOcspRequest(url: string, request: Buffer): Promise<Buffer> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/ocsp-request", Accept: "application/ocsp-response" },
    body: new Uint8Array(request),
    signal: AbortSignal.timeout(REVOCATION_TIMEOUT_MS),
    redirect: "error",
  });
  return body(res, OCSP_LIMIT, url);
}

export async function getCrl(url: string): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(REVOCATION_TIMEOUT_MS), redirect: "follow" });
  const bytes = await body(res, CRL_LIMIT, url);
  // A distribution point may serve the list PEM-armoured.
  const text = bytes.subarray(0, 64).toString("latin1");
  if (text.startsWith("-----BEGIN X509 CRL-----")) {
    return Buffer.from(bytes.toString("latin1").replace(/-----(BEGIN|END) X509 CRL-----|\s+/g, ""), "base64");
  }
  return bytes;
}
